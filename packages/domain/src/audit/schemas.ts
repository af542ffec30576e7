import { z } from 'zod';
import { vkey } from '../i18n/validation-messages.ts';
import { parseIsoDate } from '../accounts/calendar-date.ts';
import { makePageSchema, pageQueryFields } from '../contracts/schemas.ts';

/**
 * The audit log (issue 13): who did what to which entity, when and from where, with the fields
 * before and after (never a secret). Append-only; ADMIN reads it, newest first.
 */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'contract',
  'companyGroup',
  'team',
  'zone',
  'lead',
  'price',
  'payment',
  'journal',
  // Money ledger parts of issue 15.
  'document',
  'distribution',
  // Jobs board (issue 17).
  'jobOffer',
  'jobApplication',
  // Properties and plantations (issue 15, part assets).
  'asset',
  // Bank statement imports (issue 15, part imports).
  'bankStatement',
  'bankStatementLine',
  // Consent records (issue 16).
  'consent',
  // Seller payouts (issue 18, decision 0036).
  'marketPayout',
] as const;
export type TAuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** What happened; the entity type tells to what. */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.updateRoles',
  'user.deactivate',
  'user.reactivate',
  'user.delete',
  'user.sendPasswordReset',
  'contract.activate',
  'contract.suspend',
  'contract.resume',
  'contract.cancel',
  'contract.archive',
  'contract.recover',
  'contract.revoke',
  // Sales network (slice sales-network).
  'companyGroup.create',
  'companyGroup.update',
  'companyGroup.close',
  'team.create',
  'team.update',
  'team.close',
  'team.moveAgent',
  'zone.takeSeat',
  'zone.releaseSeat',
  // Leads (issue 14): a staff member assigns a client to an agent (the entity is the client, a user).
  'user.assignAgent',
  'lead.create',
  'lead.extend',
  'lead.discard',
  // Advisor's workspace (issue 14).
  'user.reassignAdvisor',
  'user.addClientNote',
  // Money ledger (issue 15).
  'price.publish',
  'payment.record',
  'journal.reverse',
  // Documents (issue 15, part "documents"): staff opened a customer's document, or exported their data as CSV.
  'document.download',
  'document.export',
  // Income (issue 15, part income).
  'distribution.declare',
  // Jobs board (issue 17, slice jobs).
  'jobOffer.create',
  'jobOffer.update',
  'jobOffer.changeStatus',
  'jobApplication.submit',
  'jobApplication.withdraw',
  'jobApplication.confirmUpdate',
  'jobApplication.changeStatus',
  'jobApplication.downloadCv',
  // Properties and plantations (issue 15, part assets).
  'asset.create',
  'asset.update',
  'asset.publish',
  'asset.withdraw',
  'asset.uploadImage',
  // Bank statement imports (issue 15, helper imports).
  'bankStatement.import',
  'bankStatementLine.assign',
  'bankStatementLine.dismiss',
  // Consent records (issue 16): an ADMIN read a person's consent history.
  'consent.readHistory',
  // Personal data export (issue 16, part export): the person asked for their data, and the archive was sent whole.
  'user.requestDataExport',
  'user.downloadDataExport',
  // Personal data (issue 16, helper erasure): erasure asked and confirmed; the retention job's work.
  'user.erasureRequest',
  'user.erasure',
  'user.retentionBlock',
  'user.retentionErase',
  // The retention job notes when a customer's relationship ends (no live contract left) and resumes (a new one).
  'user.relationshipEnded',
  'user.relationshipResumed',
  // Strong authentication (issue 18): every event of a second factor (the entity is the user).
  'user.secondFactorEnrolled',
  'user.secondFactorRemoved',
  'user.secondFactorUsed',
  'user.secondFactorFailed',
  'user.recoveryCodesRegenerated',
  'user.recoveryCodeUsed',
  'user.passkeySignIn',
  // Seller payouts (issue 18, decision 0036): staff recorded a payout to a seller.
  'marketPayout.record',
  // Changing one's own e-mail (issue 18, decision 0037): asked (link mailed to the new address) and confirmed.
  'user.emailChangeRequested',
  'user.emailChanged',
  // Changing one's own password (the current one through the login limiter).
  'user.passwordChanged',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The person an entry about a user is about, read through its id when the log is read (entries
 * keep ids only, decision 0047): as they are now, or `erased` with no value once their data is.
 */
export const ZAuditSubject = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  erased: z.boolean(),
});
export type TAuditSubject = z.infer<typeof ZAuditSubject>;

export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** Entries about a user (`entityType` user): that person; null for every other entity. */
  subject: ZAuditSubject.nullable(),
  ipAddress: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = makePageSchema(ZAuditEntry);
export type TAuditPage = z.infer<typeof ZAuditPage>;

export const AUDIT_PAGE_SIZE = 20;
/** The earliest instant a filter may name: 1 January of year 1 (UTC), as PostgreSQL reads it. */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
/**
 * Whether a date filter names a real day or instant: its day must exist in the calendar (not
 * `2024-02-30` or `0008-01-60`, which `Date.parse` reads leniently) and the instant must be one
 * the server can read and PostgreSQL can store.
 */
function isRealDateFilter(value: string): boolean {
  if (!parseIsoDate(value.slice(0, 10))) return false;
  const at = value.length === 10 ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value);
  return !Number.isNaN(at) && at >= FIRST_INSTANT;
}
const dateFilter = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, vkey('invalid'))
  .refine(isRealDateFilter, vkey('invalid'));
const idFilter = z.string().trim().min(1, vkey('invalid')).max(64, vkey('invalid'));

export const ZAuditQuery = z
  .object({
    ...pageQueryFields(AUDIT_PAGE_SIZE),
    actorId: idFilter.optional(),
    entityType: z.enum(AUDIT_ENTITY_TYPES, { error: vkey('invalid') }).optional(),
    entityId: idFilter.optional(),
    action: z.enum(AUDIT_ACTIONS, { error: vkey('invalid') }).optional(),
    /** From this instant or day (a day means its start, UTC). */
    from: dateFilter.optional(),
    /** Up to this instant, or the end of this day (UTC). */
    to: dateFilter.optional(),
  });
export type TAuditQuery = z.output<typeof ZAuditQuery>;
