import type { FastifyInstance } from 'fastify';
import {
  APPLY_RATE_LIMIT,
  CV_MAX_MB,
  JOBS_WITHDRAW_WEB_PATH,
  WITHDRAWAL_LINK_DAYS,
  canChangeApplicationStatus,
  checkCv,
  concernsCandidate,
  encodeMessage,
  isOfferOpen,
  toPage,
  type TApplicationListQuery,
  type TApplicationStatus,
  type TApplicationStatusChange,
  type TJobApplication,
  type TJobApplicationPage,
  type TJobApplicationReceipt,
  type TJobApplicationRequest,
  type TLanguage,
} from '@kc/domain';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { hit } from '../../lib/rate-limit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { enqueueMail } from '../mail/mailer.ts';
import { applicationReceivedMail, applicationStatusMail } from './mail.ts';
import { offerNotFound, todayUtc } from './offers.ts';
import {
  anonymiseApplication,
  findApplication,
  findApplicationByTokenHash,
  findApplicationCv,
  findLiveApplicationForUpdate,
  insertApplication,
  insertApplicationHistory,
  listApplicationHistory,
  listApplications,
  setApplicationStatus,
  updateApplicationBySubmission,
} from './applications-repository.ts';
import { findOffer } from './repository.ts';
import { recordFormConsents } from '../consents/service.ts';

/** Applications of the jobs board (issue 17): the candidate's side and the recruiter's. */
const DAY_MS = 86_400_000;
const jkey = (key: string, params?: Record<string, string | number>) => encodeMessage(`jobs.errors.${key}`, params);
const iso = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
const applicationNotFound = () => new AppError(404, 'jobApplicationNotFound');

/** Reads the CV: strict base64 of a PDF (by its `%PDF-` signature) of at most 5 MB; field errors otherwise. */
function readCv(cv: TJobApplicationRequest['cv']): { bytes: Buffer; fileName: string } | undefined {
  if (!cv) return undefined;
  const bytes = Buffer.from(cv.contentBase64, 'base64');
  const problem = checkCv(bytes);
  if (problem) throw validationFailed([{ field: 'cv', message: jkey(problem, { max: CV_MAX_MB }) }]);
  // Only the last path segment, without control characters: the name is shown, never used as a path.
  const fileName =
    [...cv.fileName.split(/[\\/]/).pop()!]
      .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
      .join('')
      .slice(0, 200) || 'cv.pdf';
  return { bytes, fileName };
}

export interface TApplyContext {
  companyId: string;
  language: TLanguage;
  clientAddress: string;
  now?: Date;
}

/**
 * A candidate applies (public). The data-protection notice must be accepted on each application
 * (the schema refuses it otherwise). One live application per offer and e-mail: a second one
 * replaces the candidate's data of the first (a CV kept unless a new one comes) and says so
 * (`updated`, 200). The candidate is mailed what they sent and a new one-time withdrawal link.
 */
export async function applyToOffer(
  app: FastifyInstance,
  offerId: string,
  body: TJobApplicationRequest,
  context: TApplyContext,
): Promise<{ status: 200 | 201; receipt: TJobApplicationReceipt }> {
  const limit = await hit(app.db, `jobs-apply:${context.clientAddress}`, APPLY_RATE_LIMIT.limit, APPLY_RATE_LIMIT.windowSeconds);
  if (!limit.allowed) {
    throw new AppError(429, 'jobApplyRateLimited', { minutes: Math.ceil(limit.retryAfterSeconds / 60), seconds: limit.retryAfterSeconds });
  }
  const cv = readCv(body.cv);
  const now = context.now ?? new Date();
  const emailKey = body.email.trim().toLowerCase();
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await app.db.transaction().execute(async (tx) => {
        const offer = await findOffer(tx, context.companyId, offerId);
        if (!offer || offer.status === 'DRAFT') throw offerNotFound();
        const closesOn = offer.closes_on === null ? null : String(offer.closes_on).slice(0, 10);
        if (!isOfferOpen({ status: offer.status, closesOn }, todayUtc(now))) throw new AppError(409, 'jobOfferNotOpen');
        const token = newToken();
        const expires = new Date(now.getTime() + WITHDRAWAL_LINK_DAYS * DAY_MS);
        const values = {
          first_name: body.firstName,
          last_name: body.lastName,
          email: body.email,
          email_key: emailKey,
          phone: body.phone,
          language: context.language,
          consent_at: now,
          withdraw_token_hash: hashToken(token),
          withdraw_token_expires_at: expires,
          cv,
        };
        const existing = await findLiveApplicationForUpdate(tx, offerId, emailKey);
        const saved = existing
          ? await updateApplicationBySubmission(tx, existing.id, values, now)
          : await insertApplication(tx, context.companyId, offerId, values);
        if (!existing) await insertApplicationHistory(tx, [{ companyId: context.companyId, applicationId: saved.id, from: null, to: 'NEW', by: null, at: now }]);
        // Consent records (issue 16): the data-protection notice, accepted on each application.
        await recordFormConsents(tx, { companyId: context.companyId, jobApplicationId: saved.id }, [
          { purpose: 'candidateDataProtection', choice: 'given', source: 'jobApplication' },
        ]);
        const cvInfo = saved.cv_size !== null ? { fileName: cv?.fileName ?? existing?.cv_file_name ?? 'cv.pdf', size: Number(saved.cv_size) } : null;
        await enqueueMail(
          tx,
          applicationReceivedMail({
            companyId: context.companyId,
            language: context.language,
            offerTitle: offer.title,
            companyName: offer.company_name,
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            phone: body.phone,
            cv: cvInfo,
            updated: Boolean(existing),
            withdrawUrl: `${app.config.PUBLIC_URL}${JOBS_WITHDRAW_WEB_PATH}#token=${token}`,
            withdrawUntil: expires,
          }),
        );
        // The audit entry names the application only (its personal data is erased later; the log is append-only).
        await recordAudit(
          tx,
          { companyId: context.companyId, actorId: null, ipAddress: context.clientAddress },
          { entityType: 'jobApplication', entityId: saved.id, action: 'jobApplication.submit', after: { offerId, updated: Boolean(existing), hasCv: cvInfo !== null } },
        );
        return {
          status: existing ? (200 as const) : (201 as const),
          receipt: { id: saved.id, offerId, receivedAt: iso(saved.updated_at)!, updated: Boolean(existing), hasCv: cvInfo !== null },
        };
      });
    } catch (error) {
      // Two first applications of one e-mail at once: the loser updates the winner's.
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/**
 * The candidate's one-time withdrawal link: the application is anonymised (every personal field
 * and the CV erased) and marked WITHDRAWN. An unknown or used link → 404; past its expiry → 410.
 */
export async function withdrawApplication(app: FastifyInstance, companyId: string, token: string, clientAddress: string, now = new Date()) {
  return app.db.transaction().execute(async (tx) => {
    const row = await findApplicationByTokenHash(tx, hashToken(token));
    if (!row || row.company_id !== companyId || row.anonymised_at !== null) throw new AppError(404, 'jobWithdrawalLinkInvalid');
    if (row.withdraw_token_expires_at === null || new Date(row.withdraw_token_expires_at).getTime() < now.getTime()) {
      throw new AppError(410, 'jobWithdrawalLinkExpired');
    }
    await anonymiseApplication(tx, row.id, 'WITHDRAWN', now);
    await insertApplicationHistory(tx, [{ companyId, applicationId: row.id, from: row.status, to: 'WITHDRAWN', by: null, at: now }]);
    await recordAudit(
      tx,
      { companyId, actorId: null, ipAddress: clientAddress },
      { entityType: 'jobApplication', entityId: row.id, action: 'jobApplication.withdraw', before: { status: row.status }, after: { status: 'WITHDRAWN' } },
    );
    return { withdrawnAt: now.toISOString() };
  });
}

// The recruiter's side -------------------------------------------------------------------------------

type TApplicationRow = Awaited<ReturnType<typeof listApplications>>['rows'][number];

function toApplication(row: TApplicationRow, history: Awaited<ReturnType<typeof listApplicationHistory>>): TJobApplication {
  return {
    id: row.id,
    offerId: row.offer_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    note: row.note,
    language: row.language,
    cv: row.cv_size !== null && row.cv_file_name !== null ? { fileName: row.cv_file_name, size: Number(row.cv_size) } : null,
    consentAt: iso(row.consent_at),
    submissions: Number(row.submissions),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    anonymised: row.anonymised_at !== null,
    history: history
      .filter((h) => h.application_id === row.id)
      .map((h) => ({
        fromStatus: (h.from_status as TApplicationStatus | null) ?? null,
        toStatus: h.to_status as TApplicationStatus,
        at: iso(h.changed_at)!,
        byUserId: h.changed_by,
        note: h.note,
      })),
  };
}

export async function listOfferApplications(app: FastifyInstance, caller: TAuthUser, offerId: string, query: TApplicationListQuery): Promise<TJobApplicationPage> {
  const offer = await findOffer(app.db, caller.companyId, offerId);
  if (!offer) throw offerNotFound();
  const { rows, total } = await listApplications(app.db, caller.companyId, offerId, query);
  const history = await listApplicationHistory(app.db, rows.map((r) => r.id));
  return toPage(rows.map((r) => toApplication(r, history)), query.page, query.size, total, true);
}

/** new → reviewed → interview → rejected/hired, with a note; the candidate is mailed when it concerns them. */
export async function changeApplicationStatus(app: FastifyInstance, caller: TAuthUser, applicationId: string, body: TApplicationStatusChange, audit: TAuditContext) {
  const now = new Date();
  await app.db.transaction().execute(async (tx) => {
    const row = await findApplication(tx, caller.companyId, applicationId, true);
    if (!row) throw applicationNotFound();
    if (row.anonymised_at !== null) throw new AppError(409, 'jobApplicationAnonymised');
    const sameStatus = row.status === body.status;
    // The same status again only changes the note.
    if (!sameStatus && !canChangeApplicationStatus(row.status, body.status)) {
      throw new AppError(409, 'jobApplicationStatusChange', { from: row.status, to: body.status });
    }
    await setApplicationStatus(tx, applicationId, body.status, body.note, now);
    if (!sameStatus) {
      await insertApplicationHistory(tx, [{ companyId: caller.companyId, applicationId, from: row.status, to: body.status, by: caller.id, note: body.note ?? null, at: now }]);
    }
    await recordAudit(tx, audit, {
      entityType: 'jobApplication',
      entityId: applicationId,
      action: 'jobApplication.changeStatus',
      before: { status: row.status, note: row.note },
      after: { status: body.status, note: body.note ?? row.note },
    });
    if (!sameStatus && concernsCandidate(body.status) && row.email) {
      await enqueueMail(tx, applicationStatusMail({ companyId: caller.companyId, language: row.language, email: row.email, firstName: row.first_name, offerTitle: row.offer_title, status: body.status }));
    }
  });
  const updated = await findApplication(app.db, caller.companyId, applicationId);
  return toApplication(updated!, await listApplicationHistory(app.db, [applicationId]));
}

/** The CV, only for the recruiter (action jobs.manage); every download is logged in the audit. */
export async function downloadCv(app: FastifyInstance, caller: TAuthUser, applicationId: string, audit: TAuditContext) {
  const row = await findApplicationCv(app.db, caller.companyId, applicationId);
  if (!row) throw applicationNotFound();
  if (!row.cv || row.cv_file_name === null) throw new AppError(404, 'jobCvNotFound');
  await recordAudit(app.db, audit, { entityType: 'jobApplication', entityId: applicationId, action: 'jobApplication.downloadCv', after: { fileName: row.cv_file_name } });
  return { bytes: Buffer.from(row.cv), fileName: row.cv_file_name };
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { applicationPhonesOf, eraseJobApplications } from './applications-repository.ts';
