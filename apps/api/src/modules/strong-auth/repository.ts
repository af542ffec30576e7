import { sql, type Expression, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TErasedPerson, TErasureCounts } from '../../lib/erasure.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

/**
 * Whether the user named by `userId` (a column reference or a value) has a confirmed second
 * factor: `users.has_second_factor`, which the database keeps from the factors in the writer's
 * transaction (migration 0040, `kc_refresh_second_factor`: the one definition of "has a factor";
 * a new kind of factor adds its `OR EXISTS` and its triggers there). Read by the status endpoint,
 * step-up and the removals (inside their transactions, after their own writes); the session
 * lookup reads the same column from its join (oauth repository), and the login from the account's
 * own row (users repository).
 */
export function hasSecondFactorSql(userId: Expression<string> | RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`coalesce((SELECT u.has_second_factor FROM users u WHERE u.id = ${userId}), false)`;
}

export async function findHasSecondFactor(db: TExecutor, userId: string): Promise<boolean> {
  const row = await db
    .selectNoFrom(hasSecondFactorSql(sql.val(userId)).as('has'))
    .executeTakeFirstOrThrow();
  return row.has;
}

/** A session's second-factor state, read fresh (never from the session cache). */
export function findTokenSecondFactor(db: TExecutor, tokenHash: string) {
  return db
    .selectFrom('access_tokens as t')
    .select(['t.second_factor_at', (eb) => hasSecondFactorSql(eb.ref('t.user_id')).as('has_second_factor')])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function stampTokenSecondFactor(db: TExecutor, tokenHash: string, at: Date): Promise<void> {
  await db.updateTable('access_tokens').set({ second_factor_at: at }).where('token_hash', '=', tokenHash).execute();
}

// --- TOTP ---

export function findTotp(db: TExecutor, userId: string) {
  return db
    .selectFrom('user_totp')
    .select(['user_id', 'company_id', 'secret_encrypted', 'enrolled_at', 'last_step', 'last_used_at', 'pending_secret_encrypted', 'pending_created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new pending secret (replaces any earlier pending one; a confirmed secret is kept until the new one is confirmed). */
export async function upsertPendingTotp(db: TExecutor, row: { userId: string; companyId: string; sealed: string; at: Date }): Promise<void> {
  await db
    .insertInto('user_totp')
    .values({ user_id: row.userId, company_id: row.companyId, pending_secret_encrypted: row.sealed, pending_created_at: row.at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret_encrypted: row.sealed, pending_created_at: row.at }))
    .execute();
}

/**
 * The pending secret becomes the confirmed one, with the step of the code that proved it as
 * the last used step. Only if the pending secret is still the one that was checked (`sealed`):
 * a setup started meanwhile in another tab is not confirmed by this code. True when confirmed.
 */
export async function confirmPendingTotp(db: TExecutor, row: { userId: string; sealed: string; step: number; at: Date }): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({
      secret_encrypted: row.sealed,
      enrolled_at: row.at,
      last_step: row.step,
      last_used_at: row.at,
      pending_secret_encrypted: null,
      pending_created_at: null,
    })
    .where('user_id', '=', row.userId)
    .where('pending_secret_encrypted', '=', row.sealed)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Takes a time step as used, atomically: only a step later than the last used one is accepted,
 * so the same code (or an older one) is refused, even by two requests at once. True when taken.
 */
export async function takeTotpStep(db: TExecutor, userId: string, step: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ last_step: step, last_used_at: at })
    .where('user_id', '=', userId)
    .where('enrolled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step))]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteTotp(db: TExecutor, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('user_totp').where('user_id', '=', userId).where('enrolled_at', 'is not', null).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

// --- Recovery codes ---

/** The user's recovery codes become exactly these (hashes): earlier ones, used or not, are gone. */
export async function replaceRecoveryCodes(db: TExecutor, userId: string, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length > 0) await db.insertInto('recovery_codes').values(hashes.map((code_hash) => ({ user_id: userId, code_hash }))).execute();
}

export async function deleteRecoveryCodes(db: TExecutor, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Spends one unused code, atomically (two requests with the same code: one wins). `hashes`: the
 * forms the code may be stored in (the HMAC, and the legacy SHA-256 of rows made before it). True when spent.
 */
export async function spendRecoveryCode(db: TExecutor, userId: string, hashes: readonly string[], at: Date): Promise<boolean> {
  if (hashes.length === 0) return false;
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', 'in', hashes)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows >= 1n;
}

export async function countRecoveryCodesLeft(db: TExecutor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- MFA tokens (the login's second step) ---

export async function insertMfaToken(
  db: TExecutor,
  row: { tokenHash: string; userId: string; companyId: string; clientId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('mfa_tokens')
    .values({ token_hash: row.tokenHash, user_id: row.userId, company_id: row.companyId, client_id: row.clientId, expires_at: row.expiresAt })
    .execute();
}

/** An unused, unexpired MFA token of this company, with its user's state. */
export function findLiveMfaToken(db: TExecutor, tokenHash: string, companyId: string, now: Date) {
  return db
    .selectFrom('mfa_tokens as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.company_id', 'm.client_id', 'm.expires_at', 'u.email', 'u.language', 'u.first_name', 'u.is_active', 'u.is_deleted'])
    .where('m.token_hash', '=', tokenHash)
    .where('m.company_id', '=', companyId)
    .where('m.used_at', 'is', null)
    .where('m.expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends an MFA token, atomically. True when this call spent it. */
export async function spendMfaToken(db: TExecutor, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('mfa_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Old MFA tokens are of no use: removed when new ones are issued (a login is rare enough). */
export async function deleteExpiredMfaTokens(db: TExecutor, before: Date): Promise<void> {
  await db.deleteFrom('mfa_tokens').where('expires_at', '<', before).execute();
}

/** Who a second factor belongs to: enough to decide (roles), write to them (mails) and key the limiter (e-mail). */
export function findFactorOwner(db: TExecutor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'email', 'first_name', 'language', 'roles'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

// Personal data export (issue 16, GDPR Art. 15/20) -------------------------------------------------

/**
 * What the person's second factors are, for their export: the authenticator app's dates, each
 * passkey's name and dates, and how many recovery codes are left. Never a secret, a public key,
 * a credential id or a code's hash.
 */
export async function findSecondFactorsForExport(db: Kysely<Database>, companyId: string, userId: string) {
  const [totp, passkeys, codes] = await Promise.all([
    db.selectFrom('user_totp').select(['enrolled_at', 'last_used_at']).where('company_id', '=', companyId).where('user_id', '=', userId).where('enrolled_at', 'is not', null).executeTakeFirst(),
    db
      .selectFrom('passkeys')
      .select(['name', 'device_type', 'backed_up', 'created_at', 'last_used_at'])
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('recovery_codes')
      .select([(eb) => eb.fn.countAll<string>().as('total'), (eb) => eb.fn.count<string>('used_at').as('used'), (eb) => eb.fn.max('created_at').as('created_at')])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { totp: totp ?? null, passkeys, recoveryCodes: codes && Number(codes.total) > 0 ? { total: Number(codes.total), used: Number(codes.used), createdAt: codes.created_at } : null };
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/** The authenticator secret, recovery codes, half-done logins, passkeys and their pending challenges go. */
export async function eraseSecondFactors(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const id = person.id;
  await tx.deleteFrom('user_totp').where('user_id', '=', id).execute();
  await deleteRecoveryCodes(tx, id);
  await tx.deleteFrom('mfa_tokens').where('user_id', '=', id).execute();
  await tx.deleteFrom('webauthn_challenges').where('user_id', '=', id).execute();
  await tx.deleteFrom('passkeys').where('user_id', '=', id).execute();
  return {};
}
