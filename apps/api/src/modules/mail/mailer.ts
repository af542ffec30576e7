import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.ts';
import { MAX_ATTEMPTS, SCRUB_BATCH, claimDueMails, findMailsOfPerson, insertMail, insertMails, markAttemptFailed, markSent, readBacklog, scrubSentMails, type TMailBacklog, type TNewMail } from './outbox-repository.ts';
import type { TMailTransport } from './transport.ts';

export interface TMailer {
  /** Saves a mail in the outbox, inside the caller's transaction when one is given. */
  enqueue(db: Kysely<Database> | Transaction<Database>, mail: TNewMail): Promise<void>;
  /** Saves several mails in the outbox in one statement (one round trip). */
  enqueueMany(db: Kysely<Database> | Transaction<Database>, mails: readonly TNewMail[]): Promise<void>;
  /** Sends every mail due now; returns how many were sent. Tests call it to flush. */
  drain(): Promise<number>;
  /**
   * Drops the links' secrets of mails no longer to send that still hold them (sent before
   * migration 0042, or by an instance of the previous version), in batches until none is left;
   * returns how many. Every poll runs it after sending; one index probe when there is nothing to do.
   */
  scrubSent(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
  /** What this process's worker did since it started (the metrics read it). */
  readonly stats: TMailerStats;
  /** Mails waiting in the outbox, for every process (one indexed query). */
  backlog(): Promise<TMailBacklog>;
}

export interface TMailerStats {
  /** Mails handed to the transport. */
  sent: number;
  /** Attempts the transport refused (each one is retried later, up to the last). */
  failedAttempts: number;
  /** Mails given up after their last failed attempt (status FAILED). */
  givenUp: number;
}

export interface TMailerOptions {
  db: Kysely<Database>;
  transport: TMailTransport;
  from: string;
  pollMs: number;
  log: FastifyBaseLogger;
}

/** Longest wait between two passes of a worker that cannot reach the database. */
const MAX_BACKOFF_MS = 10_000;

/** The outbox worker: polls, claims, sends, and backs off on failure. Nothing is lost while SMTP is down. */
export function createMailer(options: TMailerOptions): TMailer {
  const { db, transport, from, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;
  const stats: TMailerStats = { sent: 0, failedAttempts: 0, givenUp: 0 };

  async function sendBatch(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMails(db, 20);
      if (batch.length === 0) return sent;
      for (const mail of batch) {
        try {
          await transport.send({ from, to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body });
          await markSent(db, mail);
          sent += 1;
          stats.sent += 1;
        } catch (error) {
          log.warn({ mailId: mail.id, err: error }, 'mail delivery failed; will retry');
          stats.failedAttempts += 1;
          if (mail.attempts + 1 >= MAX_ATTEMPTS) stats.givenUp += 1;
          await markAttemptFailed(db, mail, error instanceof Error ? error.message : String(error));
        }
      }
    }
  }

  async function scrubBatches(): Promise<number> {
    let scrubbed = 0;
    for (;;) {
      // One short statement per batch (its own transaction): a few hundred row locks at a time.
      const batch = await scrubSentMails(db, SCRUB_BATCH);
      scrubbed += batch;
      if (batch < SCRUB_BATCH || stopped) return scrubbed;
    }
  }

  // One pass at a time per process; a second caller waits for the current pass, then runs its own
  // (and `stop` waits for the one running).
  function exclusive(work: () => Promise<number>): Promise<number> {
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(work);
    running = next;
    return next;
  }
  const drain = (): Promise<number> => exclusive(sendBatch);
  const scrubSent = (): Promise<number> => exclusive(scrubBatches);
  /** A poll: send what is due, then scrub what an older pass or instance left with its secrets. */
  const poll = (): Promise<number> =>
    exclusive(async () => {
      const sent = await sendBatch();
      await scrubBatches();
      return sent;
    });

  // After a failed pass (the database is unreachable) the worker waits longer each time, up to
  // MAX_BACKOFF_MS, and says so once per outage rather than on every pass.
  let delay = options.pollMs;
  function schedule(): void {
    if (stopped || options.pollMs <= 0) return;
    timer = setTimeout(() => {
      poll()
        .then(
          () => {
            if (delay !== options.pollMs) log.info('mail worker reaches the database again');
            delay = options.pollMs;
          },
          (error: unknown) => {
            if (delay === options.pollMs) log.warn({ err: error }, 'mail worker pass failed; retrying with back-off');
            delay = Math.min(delay * 2, Math.max(MAX_BACKOFF_MS, options.pollMs));
          },
        )
        .finally(schedule);
    }, delay);
    timer.unref();
  }

  return {
    enqueue: (executor, mail) => insertMail(executor, mail),
    enqueueMany: (executor, mails) => insertMails(executor, mails),
    drain,
    scrubSent,
    stats,
    backlog: () => readBacklog(db),
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => 0);
      transport.close();
    },
  };
}

/** Personal data export (issue 16): the person's own mails, as their erasure finds them (decision 0027), oldest first. */
export function mailsOfPersonForExport(db: Kysely<Database>, person: { companyId: string; userId: string; email: string }) {
  return findMailsOfPerson(db, person);
}

/** Saves a mail in the outbox, inside the caller's transaction when one is given (for modules that have no mailer at hand). */
export function enqueueMail(db: Kysely<Database> | Transaction<Database>, mail: TNewMail): Promise<void> {
  return insertMail(db, mail);
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { eraseMails } from './outbox-repository.ts';
