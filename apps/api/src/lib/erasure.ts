/**
 * A person's erasure (issue 16, docs/decisions/0027) reaches every module that keeps a copy of
 * their data. Privacy decides when and runs one transaction; each module replaces its own rows
 * (its repository holds the SQL, its service the entry point), given this description of the person.
 */
export interface TErasedPerson {
  id: string;
  companyId: string;
  /** Their e-mail, lower-cased: rows kept by address (contact messages, applications, leads, mails). */
  email: string;
  /** What replaces text that must stay: `anonimizado-<id>`. */
  anon: string;
  /**
   * A case-insensitive regular expression of their identifying values (e-mail, DNI, phones, wallet,
   * full name), or null when none is long enough. Values the person chose: used only to replace
   * them inside rows already known to be the person's (found by id, contract, lead or address),
   * never to search other people's rows (docs/decisions/0027).
   */
  pattern: string | null;
  at: Date;
}

/** What an erasure changed, as counts by kind of record (the erasure's answer and audit entry). */
export type TErasureCounts = Record<string, number>;

/** The rows an UPDATE or DELETE changed. */
export const changedRows = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined): number =>
  Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0n);
