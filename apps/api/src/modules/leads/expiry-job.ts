import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { EXPIRY_WARNING_DAYS } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import { claimDueExpiries, claimDueWarnings } from './repository.ts';
import { tellExpired, tellExpiring } from './service.ts';

const DAY_MS = 86_400_000;
/**
 * Each notification locks its agent's inbox row until the batch commits: two runners take those
 * locks in the same (agent id) order, so they may wait for each other but never deadlock.
 */
const byAgent = (a: { agent_id: string; id: string }, b: { agent_id: string; id: string }) =>
  a.agent_id < b.agent_id ? -1 : a.agent_id > b.agent_id ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export interface TLeadExpiryJob {
  /** One full pass at `clock()`: every due warning and expiry; returns what this runner handled. */
  runOnce(): Promise<{ warned: number; expired: number }>;
  start(): void;
  stop(): Promise<void>;
}

export interface TLeadExpiryJobOptions {
  db: Kysely<Database>;
  /** Milliseconds between passes; 0 or less: never on its own (tests call runOnce). */
  pollMs: number;
  log: FastifyBaseLogger;
  /** The instant the job works at (tests pin it). */
  clock?: () => Date;
  /** Leads per transaction. */
  batchSize?: number;
}

/**
 * The reservations' scheduled job (issue 14), run by every instance like the mail worker. Each
 * batch leases due leads with FOR UPDATE SKIP LOCKED and changes them in the same statement, so
 * two runners never take the same lead, and a lead changed once no longer matches: every lead is
 * warned at most once (`expiry_warned_at`) and expired once (state). The agent's task and
 * notification are written in the batch's transaction (all or nothing).
 */
export function createLeadExpiryJob(options: TLeadExpiryJobOptions): TLeadExpiryJob {
  const { db, log } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 500;

  async function pass(): Promise<{ warned: number; expired: number }> {
    const now = clock();
    const warnBefore = new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS);
    let warned = 0;
    let expired = 0;
    for (;;) {
      const n = await db.transaction().execute(async (tx) => {
        const rows = await claimDueExpiries(tx, now, batchSize);
        await tellExpired(tx, rows.sort(byAgent));
        return rows.length;
      });
      expired += n;
      if (n === 0) break;
    }
    for (;;) {
      const n = await db.transaction().execute(async (tx) => {
        const rows = await claimDueWarnings(tx, now, warnBefore, batchSize);
        await tellExpiring(tx, rows.sort(byAgent));
        return rows.length;
      });
      warned += n;
      if (n === 0) break;
    }
    return { warned, expired };
  }

  return createPeriodicJob({ pollMs: options.pollMs, log, name: 'lead expiry job', pass, didWork: (done) => done.warned + done.expired > 0 });
}
