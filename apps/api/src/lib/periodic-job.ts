import type { FastifyBaseLogger } from 'fastify';

/** A scheduled job of every instance: one pass on demand, or every `pollMs` once started. */
export interface TPeriodicJob<TDone> {
  /** One full pass; passes never overlap (a call waits for the one running). */
  runOnce(): Promise<TDone>;
  start(): void;
  /** Stops scheduling and waits for the pass in flight. */
  stop(): Promise<void>;
}

export interface TPeriodicJobOptions<TDone> {
  /** Milliseconds between passes; 0 or less: never on its own (tests call runOnce). */
  pollMs: number;
  log: FastifyBaseLogger;
  /** The job's name in the log lines. */
  name: string;
  /** One pass: what it handled. */
  pass: () => Promise<TDone>;
  /** Whether a pass did anything worth an info line. */
  didWork: (done: TDone) => boolean;
}

/**
 * The timer of a scheduled job (reservation expiries, the jobs board's retention): the next pass
 * is scheduled when the previous one ends, so passes never overlap in a process; a failed pass is
 * logged and retried on the next one. Handling each item once across instances is the pass's
 * own business (leases with FOR UPDATE SKIP LOCKED).
 */
export function createPeriodicJob<TDone extends Record<string, number>>(options: TPeriodicJobOptions<TDone>): TPeriodicJob<TDone> {
  const { log, name } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  function runOnce(): Promise<TDone> {
    const next = (running ?? Promise.resolve()).catch(() => undefined).then(options.pass);
    running = next;
    return next;
  }

  function schedule(): void {
    if (stopped || options.pollMs <= 0) return;
    timer = setTimeout(() => {
      runOnce()
        .then(
          (done) => {
            if (options.didWork(done)) log.info({ job: name, ...done } as Record<string, unknown>, `${name}: items handled`);
          },
          (error: unknown) => log.warn({ err: error }, `${name} pass failed; retrying on the next pass`),
        )
        .finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
