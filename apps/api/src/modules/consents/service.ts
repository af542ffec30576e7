import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  CONSENT_TEXT_VERSIONS,
  checkConsentChange,
  currentConsents,
  isChangeablePurpose,
  isSameChoice,
  withdrawnAt as withdrawnAtOf,
  type TConsentChangeRequest,
  type TConsentChoice,
  type TConsentOverview,
  type TConsentPurpose,
  type TConsentRecord,
  type TConsentSource,
} from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { getUserDetail } from '../users/service.ts';
import { findUserConsents, insertConsents, lockUserConsents, type TConsentRow } from './repository.ts';
import './messages.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

const toRecord = (row: TConsentRow): TConsentRecord => ({
  id: row.id,
  purpose: row.purpose as TConsentPurpose,
  choice: row.choice as TConsentChoice,
  textVersion: row.text_version,
  source: row.source as TConsentSource,
  recordedAt: row.recorded_at.toISOString(),
});

/** What a form accepted, to be recorded in the form's own transaction. */
export interface TFormConsent {
  purpose: TConsentPurpose;
  choice: TConsentChoice;
  source: TConsentSource;
  /** The text version accepted; the one in force when absent. */
  textVersion?: string;
}

/**
 * Records consents that belong to something else being stored (the sign-up, a contact message,
 * a job application). Call it with that thing's transaction: both commit or neither.
 */
export async function recordFormConsents(
  tx: Transaction<Database>,
  owner: { companyId: string; userId?: string; contactMessageId?: string; jobApplicationId?: string },
  consents: readonly TFormConsent[],
): Promise<TConsentRecord[]> {
  const rows = await insertConsents(
    tx,
    consents.map((consent) => ({
      ...owner,
      purpose: consent.purpose,
      choice: consent.choice,
      source: consent.source,
      textVersion: consent.textVersion ?? CONSENT_TEXT_VERSIONS[consent.purpose],
    })),
  );
  return rows.map(toRecord);
}

/** A user's consent records, newest first (for the data export). */
export async function listUserConsents(db: TExecutor, companyId: string, userId: string): Promise<TConsentRecord[]> {
  return (await findUserConsents(db, companyId, userId)).map(toRecord);
}

/**
 * When the user withdrew consent for `purpose`, if withdrawn is its current state (for the
 * retention rule "kept 4 years after consent withdrawal"); null otherwise.
 */
export async function consentWithdrawnAt(db: TExecutor, companyId: string, userId: string, purpose: TConsentPurpose): Promise<Date | null> {
  const at = withdrawnAtOf(await listUserConsents(db, companyId, userId), purpose);
  return at ? new Date(at) : null;
}

function overview(history: TConsentRecord[]): TConsentOverview {
  return {
    current: currentConsents(history).map((record) => ({
      ...record,
      changeable: isChangeablePurpose(record.purpose),
      outdated: CONSENT_TEXT_VERSIONS[record.purpose] !== record.textVersion,
    })),
    history,
  };
}

/** The caller's consents: current state per purpose and the whole history. */
export async function getOwnConsents(app: FastifyInstance, caller: TAuthUser): Promise<TConsentOverview> {
  return overview(await listUserConsents(app.db, caller.companyId, caller.id));
}

/**
 * The caller gives, refuses or withdraws a changeable consent (cookies, marketing) on the text in
 * force. A repeat of the current choice on the same text records nothing (the answer is the same).
 */
export async function changeOwnConsent(app: FastifyInstance, caller: TAuthUser, input: TConsentChangeRequest): Promise<TConsentOverview> {
  const version = CONSENT_TEXT_VERSIONS[input.purpose];
  if (input.textVersion !== version) throw new AppError(409, 'consentTextOutdated', { version });
  return app.db.transaction().execute(async (tx) => {
    await lockUserConsents(tx, caller.companyId, caller.id);
    const history = await listUserConsents(tx, caller.companyId, caller.id);
    const current = currentConsents(history).find((record) => record.purpose === input.purpose) ?? null;
    if (checkConsentChange(current?.choice ?? null, input.choice)) throw new AppError(409, 'consentNothingToWithdraw');
    if (isSameChoice(current, { choice: input.choice, textVersion: version })) return overview(history);
    await recordFormConsents(tx, { companyId: caller.companyId, userId: caller.id }, [
      { purpose: input.purpose, choice: input.choice, source: input.source, textVersion: version },
    ]);
    return overview(await listUserConsents(tx, caller.companyId, caller.id));
  });
}

/** An ADMIN reads a person's consent history (for a claim): 404 outside their company; audited. */
export async function readUserConsentHistory(app: FastifyInstance, caller: TAuthUser, userId: string, reason: string, audit: TAuditContext): Promise<TConsentOverview> {
  await getUserDetail(app, caller, userId);
  return app.db.transaction().execute(async (tx) => {
    const history = await listUserConsents(tx, caller.companyId, userId);
    await recordAudit(tx, audit, { entityType: 'consent', entityId: userId, action: 'consent.readHistory', after: { reason, records: history.length } });
    return overview(history);
  });
}
