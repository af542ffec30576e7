import type { Kysely, Transaction } from 'kysely';
import type { Database, WebauthnChallengesTable } from '../../db/schema.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;
export type TChallengePurpose = WebauthnChallengesTable['purpose'];

/**
 * Passkeys (issue 18; docs/decisions/0033-passkeys.md): the only SQL of the WebAuthn credentials
 * and their challenges (migration 0033).
 */

/** Stores a challenge handed out; its id is what the client sends back with the answer. */
export async function insertChallenge(
  db: TExecutor,
  row: { companyId: string; userId: string | null; purpose: TChallengePurpose; challenge: string; expiresAt: Date },
): Promise<string> {
  const inserted = await db
    .insertInto('webauthn_challenges')
    .values({ company_id: row.companyId, user_id: row.userId, purpose: row.purpose, challenge: row.challenge, expires_at: row.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Removes challenges that expired more than a day ago, a bounded batch at a time (each new
 * challenge calls it, so the table stays the size of the last day's sign-ins). Rows another
 * instance is deleting are skipped, never waited for.
 */
export async function pruneExpiredChallenges(db: TExecutor, now: Date, batch = 100): Promise<void> {
  const before = new Date(now.getTime() - 86_400_000);
  await db
    .deleteFrom('webauthn_challenges')
    .where('id', 'in', (qb) =>
      qb.selectFrom('webauthn_challenges').select('id').where('expires_at', '<', before).limit(batch).forUpdate().skipLocked(),
    )
    .execute();
}

/**
 * Spends a challenge by its id: only once, only before it expires, only for the company and one
 * of the purposes given. Returns what it was handed out for, or undefined.
 */
export function consumeChallengeById(db: TExecutor, input: { id: string; companyId: string; purposes: readonly TChallengePurpose[]; now: Date }) {
  return db
    .updateTable('webauthn_challenges')
    .set({ used_at: input.now })
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .where('purpose', 'in', input.purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returning(['id', 'user_id', 'purpose', 'challenge'])
    .executeTakeFirst();
}

/** Spends a registration challenge of this user by its value (what the browser signed into clientDataJSON). */
export function consumeRegistrationChallenge(db: TExecutor, input: { companyId: string; userId: string; challenge: string; now: Date }) {
  return db
    .updateTable('webauthn_challenges')
    .set({ used_at: input.now })
    .where('challenge', '=', input.challenge)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .where('purpose', '=', 'registration')
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returning(['id', 'challenge'])
    .executeTakeFirst();
}

const LISTED = ['id', 'name', 'created_at', 'last_used_at'] as const;

/** A person's passkeys, oldest first (what they see on their security page). */
export function findPasskeysOfUser(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('passkeys')
    .select([...LISTED, 'credential_id', 'transports'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Whether a person has a passkey (a user id belongs to one company). */
export async function findHasPasskey(db: TExecutor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A credential of the company by its id, with what verifying an assertion needs. */
export function findPasskeyByCredentialId(db: TExecutor, companyId: string, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports', 'name'])
    .where('company_id', '=', companyId)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export async function insertPasskey(
  db: TExecutor,
  row: {
    companyId: string;
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    deviceType: 'singleDevice' | 'multiDevice';
    backedUp: boolean;
    name: string;
  },
) {
  return db
    .insertInto('passkeys')
    .values({
      company_id: row.companyId,
      user_id: row.userId,
      credential_id: row.credentialId,
      public_key: row.publicKey,
      counter: row.counter,
      transports: row.transports,
      device_type: row.deviceType,
      backed_up: row.backedUp,
      name: row.name,
    })
    .returning(LISTED)
    .executeTakeFirstOrThrow();
}

/**
 * Records an accepted assertion: the new counter and the time. Conditional on the counter read
 * before verifying, so two answers of a cloned authenticator racing each other cannot both pass:
 * the second updates nothing (returns false).
 */
export async function recordPasskeyUse(db: TExecutor, input: { id: string; previousCounter: string; counter: number; at: Date }): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: input.counter, last_used_at: input.at })
    .where('id', '=', input.id)
    .where('counter', '=', input.previousCounter)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Deletes one of the person's passkeys; returns its name, or undefined when it is not theirs. */
export function deletePasskeyOfUser(db: TExecutor, input: { companyId: string; userId: string; id: string }) {
  return db
    .deleteFrom('passkeys')
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/**
 * Locks the person's row for a change of their factors: whether the last factor is being
 * removed, or the first one added, is decided under it.
 */
export async function lockUserFactors(db: Transaction<Database>, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
