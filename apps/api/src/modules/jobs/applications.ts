import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  APPLY_RATE_LIMIT,
  CV_MAX_MB,
  JOBS_CONFIRM_UPDATE_WEB_PATH,
  JOBS_WITHDRAW_WEB_PATH,
  UPDATE_CONFIRMATION_HOURS,
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
import type { Database } from '../../db/schema.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { hit } from '../../lib/rate-limit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { enqueueMail } from '../mail/mailer.ts';
import { applicationChangesMail, applicationReceivedMail, applicationStatusMail, type TPendingChanges } from './mail.ts';
import { offerNotFound, todayUtc } from './offers.ts';
import {
  anonymiseApplication,
  deletePendingUpdates,
  findApplication,
  findApplicationByTokenHash,
  findApplicationCv,
  findLiveApplicationForUpdate,
  findPendingUpdateByTokenHash,
  insertApplication,
  insertApplicationHistory,
  listApplicationHistory,
  listApplications,
  setApplicationStatus,
  updateApplicationBySubmission,
  upsertPendingUpdate,
} from './applications-repository.ts';
import { findOffer } from './repository.ts';
import { recordFormConsents } from '../consents/service.ts';

/** Applications of the jobs board (issue 17): the candidate's side and the recruiter's. */
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
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

type TLiveApplication = NonNullable<Awaited<ReturnType<typeof findLiveApplicationForUpdate>>>;

/** What a repeat submission would change in the stored application (the CV by name and size). */
function pendingChanges(existing: TLiveApplication, body: TJobApplicationRequest, cv: { bytes: Buffer; fileName: string } | undefined): TPendingChanges {
  const changes: TPendingChanges = {};
  if (body.firstName !== existing.first_name) changes.firstName = { from: existing.first_name, to: body.firstName };
  if (body.lastName !== existing.last_name) changes.lastName = { from: existing.last_name, to: body.lastName };
  if (body.phone !== existing.phone) changes.phone = { from: existing.phone ?? '', to: body.phone };
  if (cv) {
    const from = existing.cv_size !== null && existing.cv_file_name !== null ? { fileName: existing.cv_file_name, size: Number(existing.cv_size) } : null;
    changes.cv = { from, to: { fileName: cv.fileName, size: cv.bytes.length } };
  }
  return changes;
}

/**
 * A candidate applies (public). The data-protection notice must be accepted on each submission
 * (the schema refuses it otherwise). One live application per offer and e-mail. A first one is
 * stored and mailed with its withdrawal link. A repeat changes nothing the recruiter sees: it is
 * kept as the application's pending update (a newer one replaces it) and the address on file is
 * mailed a one-time link to confirm it (decision 0023). Both answer 201 with the same receipt, so
 * the answer does not tell whether that e-mail had applied.
 */
export async function applyToOffer(
  app: FastifyInstance,
  offerId: string,
  body: TJobApplicationRequest,
  context: TApplyContext,
): Promise<{ status: 201; receipt: TJobApplicationReceipt }> {
  const limit = await hit(app.db, `jobs-apply:${context.clientAddress}`, APPLY_RATE_LIMIT.limit, APPLY_RATE_LIMIT.windowSeconds);
  if (!limit.allowed) {
    throw new AppError(429, 'jobApplyRateLimited', { minutes: Math.ceil(limit.retryAfterSeconds / 60), seconds: limit.retryAfterSeconds });
  }
  const cv = readCv(body.cv);
  const now = context.now ?? new Date();
  const emailKey = body.email.trim().toLowerCase();
  const receipt: TJobApplicationReceipt = { offerId, receivedAt: now.toISOString(), hasCv: cv !== undefined };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await app.db.transaction().execute(async (tx) => {
        const offer = await findOffer(tx, context.companyId, offerId);
        if (!offer || offer.status === 'DRAFT') throw offerNotFound();
        const closesOn = offer.closes_on === null ? null : String(offer.closes_on).slice(0, 10);
        if (!isOfferOpen({ status: offer.status, closesOn }, todayUtc(now))) throw new AppError(409, 'jobOfferNotOpen');
        const existing = await findLiveApplicationForUpdate(tx, offerId, emailKey);
        if (existing) {
          await keepPendingUpdate(app, tx, { existing, offer, body, cv, context, now });
          return { status: 201 as const, receipt };
        }
        const token = newToken();
        const expires = new Date(now.getTime() + WITHDRAWAL_LINK_DAYS * DAY_MS);
        const saved = await insertApplication(tx, context.companyId, offerId, {
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
        });
        await insertApplicationHistory(tx, [{ companyId: context.companyId, applicationId: saved.id, from: null, to: 'NEW', by: null, at: now }]);
        // Consent records (issue 16): the data-protection notice, accepted on each application.
        await recordFormConsents(tx, { companyId: context.companyId, jobApplicationId: saved.id }, [
          { purpose: 'candidateDataProtection', choice: 'given', source: 'jobApplication' },
        ]);
        const cvInfo = cv ? { fileName: cv.fileName, size: cv.bytes.length } : null;
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
            updated: false,
            withdrawUrl: `${app.config.PUBLIC_URL}${JOBS_WITHDRAW_WEB_PATH}#token=${token}`,
            withdrawUntil: expires,
          }),
        );
        // The audit entry names the application only (its personal data is erased later; the log is append-only).
        await recordAudit(
          tx,
          { companyId: context.companyId, actorId: null, ipAddress: context.clientAddress },
          { entityType: 'jobApplication', entityId: saved.id, action: 'jobApplication.submit', after: { offerId, pending: false, hasCv: cvInfo !== null } },
        );
        return { status: 201 as const, receipt };
      });
    } catch (error) {
      // Two first applications of one e-mail at once: the loser's becomes a pending update of the winner's.
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/**
 * A repeat submission: kept aside as the application's pending update (replacing an older one and
 * its link), and the address on file mailed what would change with a one-time confirmation link.
 * The stored application, its consent and its withdrawal link are not touched.
 */
async function keepPendingUpdate(
  app: FastifyInstance,
  tx: Transaction<Database>,
  input: {
    existing: TLiveApplication;
    offer: { title: string; company_name: string };
    body: TJobApplicationRequest;
    cv: { bytes: Buffer; fileName: string } | undefined;
    context: TApplyContext;
    now: Date;
  },
): Promise<void> {
  const { existing, offer, body, cv, context, now } = input;
  const token = newToken();
  const expires = new Date(now.getTime() + UPDATE_CONFIRMATION_HOURS * HOUR_MS);
  await upsertPendingUpdate(
    tx,
    context.companyId,
    existing.id,
    {
      first_name: body.firstName,
      last_name: body.lastName,
      email: body.email,
      phone: body.phone,
      language: context.language,
      token_hash: hashToken(token),
      expires_at: expires,
      cv,
    },
    now,
  );
  await enqueueMail(
    tx,
    applicationChangesMail({
      companyId: context.companyId,
      language: context.language,
      // The address on file, not the one just typed: only its owner can confirm.
      to: existing.email!,
      firstName: existing.first_name,
      offerTitle: offer.title,
      companyName: offer.company_name,
      changes: pendingChanges(existing, body, cv),
      confirmUrl: `${app.config.PUBLIC_URL}${JOBS_CONFIRM_UPDATE_WEB_PATH}#token=${token}`,
      confirmUntil: expires,
      hours: UPDATE_CONFIRMATION_HOURS,
    }),
  );
  await recordAudit(
    tx,
    { companyId: context.companyId, actorId: null, ipAddress: context.clientAddress },
    { entityType: 'jobApplication', entityId: existing.id, action: 'jobApplication.submit', after: { offerId: existing.offer_id, pending: true, hasCv: cv !== undefined } },
  );
}

/**
 * The one-time link mailed for a repeat submission: the pending update is applied as a second
 * application always was (data replaced, a stored CV kept unless a new one came, `submissions`
 * counted, the consent recorded and its time and the withdrawal link renewed, the new link
 * mailed), once. An unknown or used link → 404; past its expiry → 410.
 */
export async function confirmApplicationUpdate(app: FastifyInstance, companyId: string, token: string, clientAddress: string, now = new Date()) {
  return app.db.transaction().execute(async (tx) => {
    const pending = await findPendingUpdateByTokenHash(tx, hashToken(token));
    if (!pending || pending.company_id !== companyId) throw new AppError(404, 'jobUpdateLinkInvalid');
    if (new Date(pending.expires_at).getTime() < now.getTime()) throw new AppError(410, 'jobUpdateLinkExpired');
    const current = await findApplication(tx, companyId, pending.application_id, true);
    // A withdrawn or anonymised application takes its pending update with it; this is a guard.
    if (!current || current.anonymised_at !== null) throw new AppError(404, 'jobUpdateLinkInvalid');
    const offer = await findOffer(tx, companyId, current.offer_id);
    const withdrawToken = newToken();
    const withdrawExpires = new Date(now.getTime() + WITHDRAWAL_LINK_DAYS * DAY_MS);
    const cv = pending.cv !== null && pending.cv_file_name !== null ? { bytes: Buffer.from(pending.cv), fileName: pending.cv_file_name } : undefined;
    const saved = await updateApplicationBySubmission(
      tx,
      current.id,
      {
        first_name: pending.first_name,
        last_name: pending.last_name,
        email: pending.email,
        email_key: pending.email.trim().toLowerCase(),
        phone: pending.phone,
        language: pending.language,
        consent_at: now,
        withdraw_token_hash: hashToken(withdrawToken),
        withdraw_token_expires_at: withdrawExpires,
        cv,
      },
      now,
    );
    await deletePendingUpdates(tx, [current.id]);
    // The notice accepted with the repeat counts from now, when the mailbox's owner confirmed it.
    await recordFormConsents(tx, { companyId, jobApplicationId: current.id }, [{ purpose: 'candidateDataProtection', choice: 'given', source: 'jobApplication' }]);
    const cvInfo = saved.cv_size !== null ? { fileName: cv?.fileName ?? current.cv_file_name ?? 'cv.pdf', size: Number(saved.cv_size) } : null;
    await enqueueMail(
      tx,
      applicationReceivedMail({
        companyId,
        language: pending.language,
        offerTitle: current.offer_title,
        companyName: offer?.company_name ?? '',
        firstName: pending.first_name,
        lastName: pending.last_name,
        email: pending.email,
        phone: pending.phone,
        cv: cvInfo,
        updated: true,
        withdrawUrl: `${app.config.PUBLIC_URL}${JOBS_WITHDRAW_WEB_PATH}#token=${withdrawToken}`,
        withdrawUntil: withdrawExpires,
      }),
    );
    await recordAudit(
      tx,
      { companyId, actorId: null, ipAddress: clientAddress },
      { entityType: 'jobApplication', entityId: current.id, action: 'jobApplication.confirmUpdate', after: { offerId: current.offer_id, hasCv: cv !== undefined } },
    );
    return { updatedAt: now.toISOString() };
  });
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
      // The recruiter's note names the candidate: it stays in the application, which withdrawal and erasure reach.
      before: { status: row.status },
      after: { status: body.status, noteChanged: body.note !== undefined && body.note !== row.note },
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
  await recordAudit(app.db, audit, { entityType: 'jobApplication', entityId: applicationId, action: 'jobApplication.downloadCv' });
  return { bytes: Buffer.from(row.cv), fileName: row.cv_file_name };
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { applicationPhonesOf, eraseJobApplications } from './applications-repository.ts';
