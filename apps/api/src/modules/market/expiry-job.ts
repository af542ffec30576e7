import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { WEB_BASE, parseUnits, paths } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import type { TMailer } from '../mail/mailer.ts';
import { offerClosedMail } from './mail.ts';
import { expireOffers, findContract, findPeople, findProductNames } from './repository.ts';

export interface TMarketExpiryJob {
  /** One full pass at `clock()`: open offers past their validity expired (and their sellers mailed). */
  runOnce(): Promise<{ expired: number }>;
  start(): void;
  stop(): Promise<void>;
}

export interface TMarketExpiryJobOptions {
  db: Kysely<Database>;
  mailer: Pick<TMailer, 'enqueue'>;
  publicUrl: string;
  /** Milliseconds between passes; 0 or less: never on its own (tests call runOnce). */
  pollMs: number;
  log: FastifyBaseLogger;
  /** The instant the job works at (tests pin it). */
  clock?: () => Date;
  /** Offers per transaction. */
  batchSize?: number;
}

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

/**
 * The market's scheduled work (issue 18), run by every instance like the mail worker: OPEN offers
 * whose `valid_until` has passed become EXPIRED. Each batch leases its rows with FOR UPDATE SKIP
 * LOCKED and changes them in the same statement, so two runners never take the same offer, and an
 * offer a buy holds is skipped (the buy itself refuses an offer past its validity); each expired
 * offer's seller gets one mail, written in the same transaction.
 */
export function createMarketExpiryJob(options: TMarketExpiryJobOptions): TMarketExpiryJob {
  const { db, log } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 200;
  const marketUrl = `${options.publicUrl.replace(/\/$/, '')}${WEB_BASE}${paths.market.href()}`;

  async function pass(): Promise<{ expired: number }> {
    const now = clock();
    let expired = 0;
    for (;;) {
      const n = await db.transaction().execute(async (tx) => {
        const rows = await expireOffers(tx, now, batchSize);
        for (const row of rows) {
          const [seller] = await findPeople(tx, row.company_id, [row.seller_id]);
          const contract = await findContract(tx, row.company_id, row.contract_id);
          const names = contract ? await findProductNames(tx, contract.product_id) : undefined;
          if (!seller || !names) continue;
          await options.mailer.enqueue(
            tx,
            offerClosedMail(
              row.company_id,
              { email: seller.email, firstName: seller.first_name, language: seller.language },
              { id: row.id, productName: { es: names.name_es, en: names.name_en }, remaining: parseUnits(trimZeros(row.remaining_units)), reason: 'expired' },
              marketUrl,
            ),
          );
        }
        return rows.length;
      });
      expired += n;
      if (n < batchSize) break;
    }
    return { expired };
  }

  return createPeriodicJob({ pollMs: options.pollMs, log, name: 'market expiry job', pass, didWork: (done) => done.expired > 0 });
}
