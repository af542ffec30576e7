import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TErasedPerson, TErasureCounts } from '../../lib/erasure.ts';
import { eraseClientNotes } from '../advisor/service.ts';
import { eraseStatementLines } from '../bank-statements/lines-service.ts';
import { contactPhonesOf, eraseContactMessages } from '../contact/service.ts';
import { eraseContractEventReasons } from '../contracts/service.ts';
import { eraseDocuments } from '../documents/service.ts';
import { eraseInvestorProtectionRecords } from '../investor-protection/service.ts';
import { applicationPhonesOf, eraseJobApplications } from '../jobs/applications.ts';
import { eraseLeads, leadPhonesOf } from '../leads/service.ts';
import { eraseMails } from '../mail/mailer.ts';
import { eraseNotifications } from '../notifications/service.ts';
import { eraseKnownDevices } from '../oauth/service.ts';
import { erasePaymentMethods } from '../payment-preferences/service.ts';
import { eraseSignUpLinks } from '../signup/service.ts';
import { eraseSecondFactors } from '../strong-auth/service.ts';
import { anonymiseAccount } from '../users/service.ts';
import { markErased, type TPersonRow } from './repository.ts';

/**
 * Personal data (issue 16, docs/decisions/0027): who is erased and in what order. Each module
 * replaces its own copies (lib/erasure.ts); privacy runs them in the caller's transaction.
 */

/** Escapes a literal for a PostgreSQL regular expression. */
const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Values as one case-insensitive regular expression; null when none is long enough to be safe. */
function patternOf(values: (string | null | undefined)[]): string | null {
  const kept = [...new Set(values.filter((v): v is string => typeof v === 'string' && v.trim().length >= 5).map((v) => escapeRegex(v.trim())))];
  return kept.length > 0 ? kept.join('|') : null;
}

/**
 * The person's identifying values, to replace them where they were copied into rows that are
 * theirs or about them (others' notifications about them, their bank statement lines): `strong`
 * (e-mail, DNI, phones, including those they left in contact messages, applications and leads,
 * wallet) and `name` their full name. The person chose them (a name of five letters may be
 * anyone's words): they are never used to find rows, only to rewrite rows found by id.
 */
export async function identifyingPatterns(db: Transaction<Database>, person: TPersonRow): Promise<{ strong: string | null; name: string | null }> {
  const byEmail = { companyId: person.company_id, email: person.email.toLowerCase() };
  const phones = [...(await contactPhonesOf(db, byEmail)), ...(await applicationPhonesOf(db, byEmail)), ...(await leadPhonesOf(db, byEmail))];
  return {
    strong: patternOf([person.email, person.dni, person.phone, person.ethereum_wallet, ...phones]),
    name: patternOf([`${person.first_name} ${person.last_name}`]),
  };
}

/**
 * Every module's copies of the person, in order: what is found by their e-mail (contact messages,
 * job applications, leads, mails) before the account, which goes last.
 */
const ERASURE_PARTS: ((tx: Transaction<Database>, person: TErasedPerson) => Promise<TErasureCounts>)[] = [
  eraseContactMessages,
  eraseJobApplications,
  eraseLeads,
  eraseMails,
  eraseNotifications,
  eraseStatementLines,
  erasePaymentMethods,
  eraseClientNotes,
  eraseDocuments,
  eraseSignUpLinks,
  eraseSecondFactors,
  eraseKnownDevices,
];

/**
 * Replaces every personal field of the person by `anonimizado-<id>` (text that must stay) or NULL
 * (optional fields, the birth date), everywhere it lives, in the caller's transaction: the account
 * (deactivated, blocked, its relationship ended), payment methods, notifications (theirs deleted;
 * other people's items whose subject is them, their contracts or leads rewritten), mails (to them
 * blanked; those to others carrying their data, by `about_address`, emptied; no other), contact
 * messages, job applications and leads by their e-mail, advisors' notes, documents (derived PDFs
 * carrying the name: regenerated on demand from the anonymised data), sign-up and password links,
 * second factors, the devices they signed in from. Kept, blocked: contracts, their events, payments and ledger lines (ids and
 * amounts only). Returns what it changed, as counts.
 */
export async function anonymisePerson(tx: Transaction<Database>, person: TPersonRow, at: Date, options: { endRelationship: boolean }): Promise<TErasureCounts> {
  const { strong, name } = await identifyingPatterns(tx, person);
  const erased: TErasedPerson = {
    id: person.id,
    companyId: person.company_id,
    email: person.email.toLowerCase(),
    anon: `anonimizado-${person.id}`,
    pattern: [strong, name].filter(Boolean).join('|') || null,
    at,
  };
  const done: TErasureCounts = {};
  for (const part of ERASURE_PARTS) Object.assign(done, await part(tx, erased));
  Object.assign(done, await anonymiseAccount(tx, erased, options));
  return done;
}

/**
 * The end of the kept period: what the kept records still held beyond ids and amounts goes (the
 * contract's suitability answers and figures, the reasons typed in its history), and the person is
 * marked erased. The contracts, payments and ledger lines stay as anonymous figures: the company's
 * books must still balance (the ledger is append-only, decision 0018).
 */
export async function eraseKeptRecords(tx: Transaction<Database>, userId: string, at: Date): Promise<{ assessments: number }> {
  const { assessments } = await eraseInvestorProtectionRecords(tx, userId);
  await eraseContractEventReasons(tx, userId);
  await markErased(tx, userId, at);
  return { assessments: assessments ?? 0 };
}
