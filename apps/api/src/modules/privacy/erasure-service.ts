import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  ERASURE_CONFIRM_WEB_PATH,
  ERASURE_LINK_MINUTES,
  erasureBlockers,
  erasureLinkExpiry,
  retentionPlan,
  type TErasureConfirmed,
  type TErasureKept,
  type TErasureLiveContract,
  type TErasureRequested,
  type TLanguage,
} from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { forgetSessions } from '../../lib/session-cache.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { consentWithdrawnAt } from '../consents/service.ts';
import { forgetEmailChanges } from '../account/email-change-service.ts';
import { revokeEveryToken } from '../users/service.ts';
import { erasureRequestMail } from './erasure-mail.ts';
import './erasure-messages.ts';
import { anonymisePerson } from './anonymise.ts';
import {
  countKeptRecords,
  findErasureRequestForUpdate,
  findPerson,
  insertErasureRequest,
  listPersonContracts,
  lockPerson,
  markErasureConfirmed,
  supersedePendingErasures,
  type TPersonRow,
} from './repository.ts';

const languageOf = (value: string): TLanguage => (value === 'en' ? 'en' : 'es');

/** 409 erasureLiveContracts, carrying the live contracts (the route adds them to the problem). */
export class LiveContractsError extends AppError {
  constructor(public readonly contracts: TErasureLiveContract[]) {
    super(409, 'erasureLiveContracts', { count: contracts.length });
  }
}

async function refuseLiveContracts(tx: Transaction<Database> | FastifyInstance['db'], companyId: string, userId: string): Promise<void> {
  const live = erasureBlockers(await listPersonContracts(tx, companyId, userId));
  if (live.length > 0) {
    throw new LiveContractsError(live.map((c) => ({ id: c.id, productKey: c.product_key, state: c.state, submissionDate: String(c.submission_date) })));
  }
}

/**
 * The withdrawal of the consent to process personal data, from the consents module (its source):
 * only the privacy policy's consent ends the processing; a marketing withdrawal does not.
 */
export function privacyConsentWithdrawnAt(db: FastifyInstance['db'] | Transaction<Database>, companyId: string, userId: string): Promise<Date | null> {
  return consentWithdrawnAt(db, companyId, userId, 'privacyPolicy');
}

/**
 * The person asks for the erasure of their data: a one-time link (60 minutes, only its SHA-256
 * stored) is mailed to them; earlier pending links stop working. Live contracts refuse it at once
 * (409), as the confirmation would.
 */
export async function requestErasure(app: FastifyInstance, caller: TAuthUser, audit: TAuditContext, now = new Date()): Promise<TErasureRequested> {
  const person = await findPerson(app.db, caller.companyId, caller.id);
  if (!person) throw new AppError(401, 'unauthorized');
  await refuseLiveContracts(app.db, caller.companyId, caller.id);
  const token = newToken();
  const expiresAt = erasureLinkExpiry(now);
  await app.db.transaction().execute(async (tx) => {
    await supersedePendingErasures(tx, caller.companyId, caller.id);
    const requestId = await insertErasureRequest(tx, { companyId: caller.companyId, userId: caller.id, tokenHash: hashToken(token), expiresAt, at: now });
    await app.mailer.enqueue(tx, {
      companyId: caller.companyId,
      to: person.email,
      ...erasureRequestMail(languageOf(person.language), {
        firstName: person.first_name,
        link: `${app.config.PUBLIC_URL}${ERASURE_CONFIRM_WEB_PATH}#token=${token}`,
        expiresAt,
        minutes: ERASURE_LINK_MINUTES,
      }),
    });
    // Ids only: no personal value enters the audit log.
    await recordAudit(tx, audit, { entityType: 'user', entityId: caller.id, action: 'user.erasureRequest', after: { requestId, expiresAt: expiresAt.toISOString() } });
  });
  return { expiresAt: expiresAt.toISOString() };
}

/** What is kept of a person and until when (retentionPlan at the end of the relationship). */
async function keptOf(db: Transaction<Database>, person: TPersonRow, endedAt: Date): Promise<TErasureKept> {
  const kept = await countKeptRecords(db, person.company_id, person.id);
  const hasAml = kept.contracts + kept.payments > 0;
  const plan = retentionPlan({
    relationshipEndedAt: endedAt,
    consentWithdrawnAt: await privacyConsentWithdrawnAt(db, person.company_id, person.id),
    hasAmlRecords: hasAml,
  });
  return { ...kept, until: hasAml && plan.eraseAt ? plan.eraseAt.toISOString() : null };
}

/**
 * The erasure link: in one transaction the account is deactivated (tokens revoked, so its
 * notification streams end), every personal field anonymised, and the AML records kept, blocked.
 * The token alone names the person (as the other mail links); when the call carries a session,
 * it must be that person's. Unknown, another person's or another company's link → 404; used →
 * 409; replaced or expired → 410; live contracts → 409 listing them. Nothing changes on a refusal.
 */
export async function confirmErasure(
  app: FastifyInstance,
  input: { companyId: string; token: string; caller: TAuthUser | undefined; ipAddress: string | null },
  now = new Date(),
): Promise<TErasureConfirmed> {
  const result = await app.db.transaction().execute(async (tx) => {
    const request = await findErasureRequestForUpdate(tx, hashToken(input.token));
    if (!request || request.company_id !== input.companyId || (input.caller && input.caller.id !== request.user_id)) {
      throw new AppError(404, 'erasureLinkInvalid');
    }
    if (request.state === 'CONFIRMED') throw new AppError(409, 'erasureLinkUsed');
    if (request.state === 'SUPERSEDED') throw new AppError(410, 'erasureLinkReplaced');
    if (!request.expires_at || new Date(request.expires_at).getTime() <= now.getTime()) {
      throw new AppError(410, 'erasureLinkExpired', { minutes: ERASURE_LINK_MINUTES });
    }
    const person = await lockPerson(tx, request.company_id, request.user_id);
    if (!person || person.erased_at) throw new AppError(404, 'erasureLinkInvalid');
    await refuseLiveContracts(tx, request.company_id, request.user_id);

    const endedAt = person.relationship_ended_at ? new Date(person.relationship_ended_at) : now;
    const changed = await anonymisePerson(tx, person, now, { endRelationship: true });
    // E-mail change requests (decision 0037) hold addresses: they go too.
    await forgetEmailChanges(tx, person.id);
    const revoked = await revokeEveryToken(tx, person.id);
    await markErasureConfirmed(tx, request.id, now);
    const kept = await keptOf(tx, person, endedAt);
    await recordAudit(
      tx,
      { companyId: request.company_id, actorId: person.id, ipAddress: input.ipAddress },
      {
        entityType: 'user',
        entityId: person.id,
        action: 'user.erasure',
        // Ids and counts only.
        after: { requestId: request.id, revokedTokens: revoked, ...changed, keptContracts: kept.contracts, keptPayments: kept.payments, keptUntil: kept.until },
      },
    );
    return { erasedAt: now.toISOString(), kept };
  });
  // The revoked tokens stop working in this process at once (others within SESSION_CACHE_MS).
  forgetSessions(app.db);
  return result;
}
