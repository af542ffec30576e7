import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { retentionAction } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { allowLongWork } from '../../db/timeouts.ts';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import { sweepExpiredCounters } from '../../lib/rate-limit.ts';
import { forgetSessions } from '../../lib/session-cache.ts';
import { recordAudit } from '../audit/service.ts';
import { forgetEmailChanges } from '../account/email-change-service.ts';
import { revokeEveryToken } from '../users/service.ts';
import { privacyConsentWithdrawnAt } from './erasure-service.ts';
import { anonymisePerson, eraseKeptRecords } from './anonymise.ts';
import { hasAmlRecords, leaseRetentionCandidates, lockPerson, markBlocked, resumeRelationships, stampEndedRelationships } from './repository.ts';

export interface TPrivacyRetentionJob {
  /** One full pass at `clock()`: people blocked and kept records erased when their time comes. */
  runOnce(): Promise<{ blocked: number; erased: number }>;
  start(): void;
  stop(): Promise<void>;
}

export interface TPrivacyRetentionJobOptions {
  db: Kysely<Database>;
  /** Milliseconds between passes; 0 or less: never on its own (tests call runOnce). */
  pollMs: number;
  log: FastifyBaseLogger;
  /** The instant the job works at (tests pin it). */
  clock?: () => Date;
  /** People per transaction. */
  batchSize?: number;
}

/**
 * The retention rules of personal data (issue 16; specification section 9; docs/decisions/0027),
 * run by every instance like the mail worker. It looks at the people whose relationship ended or
 * who withdrew the privacy consent and are not erased yet, and applies `retentionAction`: BLOCK
 * (only ADMIN sees them from then on) or ERASE (personal fields anonymised if they were not, the
 * kept records' remaining details erased, the person marked erased) when the 5-year AML or 4-year
 * claims period is over. Each batch leases its people with FOR UPDATE SKIP LOCKED and changes them
 * in the same transaction, so two runners never take the same person, and a changed person no
 * longer needs the action (runs twice → once). One audit entry and one log line per action.
 */
export function createPrivacyRetentionJob(options: TPrivacyRetentionJobOptions): TPrivacyRetentionJob {
  const { db, log } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 200;

  async function pass(): Promise<{ blocked: number; erased: number }> {
    const now = clock();
    let blocked = 0;
    let erased = 0;
    let afterId: string | null = null;
    // First, whose relationship ended (no live contract left) or resumed (a new one) since the last pass.
    const noted = await db.transaction().execute(async (tx) => {
      await allowLongWork(tx);
      const ended = await stampEndedRelationships(tx, now);
      const resumed = await resumeRelationships(tx, now);
      for (const p of ended) {
        await recordAudit(tx, { companyId: p.company_id, actorId: null, ipAddress: null }, { entityType: 'user', entityId: p.id, action: 'user.relationshipEnded', after: {} });
      }
      for (const p of resumed) {
        await recordAudit(tx, { companyId: p.company_id, actorId: null, ipAddress: null }, { entityType: 'user', entityId: p.id, action: 'user.relationshipResumed', after: {} });
      }
      return { ended: ended.length, resumed: resumed.length };
    });
    if (noted.ended > 0 || noted.resumed > 0) {
      log.info({ job: 'privacy retention job', ...noted }, `privacy retention job: ${noted.ended} relationship(s) ended, ${noted.resumed} resumed`);
    }
    for (;;) {
      const batch = await db.transaction().execute(async (tx) => {
        await allowLongWork(tx);
        const people = await leaseRetentionCandidates(tx, afterId, batchSize);
        const acted: { id: string; action: 'BLOCK' | 'ERASE' }[] = [];
        for (const p of people) {
          const facts = {
            relationshipEndedAt: p.relationship_ended_at ? new Date(p.relationship_ended_at) : null,
            consentWithdrawnAt: await privacyConsentWithdrawnAt(tx, p.company_id, p.id),
            hasAmlRecords: await hasAmlRecords(tx, p.id),
          };
          const action = retentionAction(facts, { blocked: p.blocked_at !== null, erased: p.erased_at !== null }, now);
          if (action === 'NONE') continue;
          const audit = { companyId: p.company_id, actorId: null, ipAddress: null };
          if (action === 'BLOCK') {
            await markBlocked(tx, p.id, now);
            await recordAudit(tx, audit, { entityType: 'user', entityId: p.id, action: 'user.retentionBlock', after: { blockedAt: now.toISOString() } });
          } else {
            // A person who never asked for the erasure is anonymised now; an erased one already was.
            const person = await lockPerson(tx, p.company_id, p.id);
            if (person && !person.email.startsWith('anonimizado-')) {
              await anonymisePerson(tx, person, now, { endRelationship: false });
              await forgetEmailChanges(tx, p.id);
              await revokeEveryToken(tx, p.id);
            }
            const done = await eraseKeptRecords(tx, p.id, now);
            await recordAudit(tx, audit, { entityType: 'user', entityId: p.id, action: 'user.retentionErase', after: { erasedAt: now.toISOString(), ...done } });
          }
          acted.push({ id: p.id, action });
        }
        return { seen: people.length, lastId: people.at(-1)?.id ?? null, acted };
      });
      for (const a of batch.acted) {
        log.info({ job: 'privacy retention job', userId: a.id, action: a.action }, `privacy retention job: ${a.action === 'BLOCK' ? 'blocked' : 'erased'} a person's data`);
        if (a.action === 'BLOCK') blocked += 1;
        else erased += 1;
      }
      if (batch.acted.some((a) => a.action === 'ERASE')) forgetSessions(db);
      if (batch.seen < batchSize || !batch.lastId) break;
      afterId = batch.lastId;
    }
    // Rate-limit counters name client addresses: none outlives its window by more than a day.
    const swept = await sweepExpiredCounters(db, now);
    if (swept > 0) log.info({ job: 'privacy retention job', counters: swept }, `privacy retention job: ${swept} expired rate-limit counter(s) deleted`);
    return { blocked, erased };
  }

  return createPeriodicJob({ pollMs: options.pollMs, log, name: 'privacy retention job', pass, didWork: (done) => done.blocked + done.erased > 0 });
}
