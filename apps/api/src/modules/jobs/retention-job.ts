import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { APPLICATION_RETENTION_DAYS } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { allowLongWork } from '../../db/timeouts.ts';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import { anonymiseStaleApplications, deleteExpiredPendingUpdates, insertApplicationHistory } from './applications-repository.ts';
import { closeExpiredOffers, insertOfferHistory } from './repository.ts';

const DAY_MS = 86_400_000;

export interface TJobsRetentionJob {
  /** One full pass at `clock()`: expired offers closed, stale applications anonymised. */
  runOnce(): Promise<{ closed: number; anonymised: number }>;
  start(): void;
  stop(): Promise<void>;
}

export interface TJobsRetentionJobOptions {
  db: Kysely<Database>;
  /** Milliseconds between passes; 0 or less: never on its own (tests call runOnce). */
  pollMs: number;
  log: FastifyBaseLogger;
  /** The instant the job works at (tests pin it). */
  clock?: () => Date;
  /** Rows per transaction. */
  batchSize?: number;
}

/**
 * The jobs board's scheduled work (issue 17), run by every instance like the mail worker: offers
 * past their closing date are closed (a history row each, by nobody), and applications last
 * changed more than APPLICATION_RETENTION_DAYS ago are anonymised (with any pending update), and
 * pending updates whose confirmation link expired are deleted. Each batch leases its rows with
 * FOR UPDATE SKIP LOCKED and changes them in the same statement, so two runners never take the
 * same row and a changed row no longer matches: each is handled once.
 */
export function createJobsRetentionJob(options: TJobsRetentionJobOptions): TJobsRetentionJob {
  const { db, log } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 500;

  async function pass(): Promise<{ closed: number; anonymised: number }> {
    const now = clock();
    const today = now.toISOString().slice(0, 10);
    const cutoff = new Date(now.getTime() - APPLICATION_RETENTION_DAYS * DAY_MS);
    let closed = 0;
    let anonymised = 0;
    for (;;) {
      const n = await db.transaction().execute(async (tx) => {
        await allowLongWork(tx);
        const rows = await closeExpiredOffers(tx, today, now, batchSize);
        await insertOfferHistory(
          tx,
          rows.map((r) => ({ companyId: r.company_id, offerId: r.id, from: 'PUBLISHED', to: 'CLOSED', by: null, note: 'expired', at: now })),
        );
        return rows.length;
      });
      closed += n;
      if (n < batchSize) break;
    }
    for (;;) {
      const n = await db.transaction().execute(async (tx) => {
        await allowLongWork(tx);
        const rows = await anonymiseStaleApplications(tx, cutoff, now, batchSize);
        // The status stays (a statistic of the process); the history says when the data went.
        await insertApplicationHistory(
          tx,
          rows.map((r) => ({ companyId: r.company_id, applicationId: r.id, from: r.status, to: r.status, by: null, note: 'retention', at: now })),
        );
        return rows.length;
      });
      anonymised += n;
      if (n < batchSize) break;
    }
    // Repeat applications never confirmed: their data goes once the link has expired.
    await deleteExpiredPendingUpdates(db, now);
    return { closed, anonymised };
  }

  return createPeriodicJob({ pollMs: options.pollMs, log, name: 'jobs retention job', pass, didWork: (done) => done.closed + done.anonymised > 0 });
}
