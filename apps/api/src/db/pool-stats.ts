import type { DatabaseConnection, Dialect, DialectAdapter, Driver } from 'kysely';

/** The database connections of one process, as the metrics report them. */
export interface TPoolStats {
  /** Connections the process may open at most. */
  max: number;
  /** Connections open now (in use + idle). */
  total: number;
  /** Connections running a query or a transaction now. */
  inUse: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

/**
 * PGlite has one connection, which Kysely lends to one caller (a query or a whole transaction)
 * at a time: for such adapters Kysely queues callers in a mutex of its own, out of sight. This
 * dialect does that queueing itself instead (the same first-come, first-served lock around
 * acquiring and releasing the connection), so it can count the caller holding the connection
 * and the callers waiting for it: the metrics say for PGlite what they say for PostgreSQL's pool.
 */
export function countingDialect(inner: Dialect): { dialect: Dialect; stats: () => TPoolStats } {
  let held = false;
  const queue: (() => void)[] = [];
  const dialect: Dialect = {
    createAdapter: (): DialectAdapter => {
      const adapter = inner.createAdapter();
      if (adapter.supportsMultipleConnections) throw new Error('countingDialect is for single-connection dialects');
      // Kysely's own mutex stands aside: the driver below holds the lock.
      return new Proxy(adapter, {
        get: (target, property) => (property === 'supportsMultipleConnections' ? true : bound(target, property)),
      });
    },
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: (): Driver => {
      const driver = inner.createDriver();
      const acquireConnection = async (...args: Parameters<Driver['acquireConnection']>): Promise<DatabaseConnection> => {
        if (held) await new Promise<void>((resolve) => queue.push(resolve));
        held = true;
        try {
          return await driver.acquireConnection(...args);
        } catch (error) {
          handOver();
          throw error;
        }
      };
      const releaseConnection = async (...args: Parameters<Driver['releaseConnection']>): Promise<void> => {
        try {
          await driver.releaseConnection(...args);
        } finally {
          handOver();
        }
      };
      return new Proxy(driver, {
        get: (target, property) =>
          property === 'acquireConnection' ? acquireConnection : property === 'releaseConnection' ? releaseConnection : bound(target, property),
      });
    },
  };
  // The next caller in line gets the connection; with nobody waiting it is free.
  function handOver(): void {
    const next = queue.shift();
    if (next) next();
    else held = false;
  }
  return { dialect, stats: () => ({ max: 1, total: 1, inUse: held ? 1 : 0, waiting: queue.length }) };
}

function bound(target: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property, target);
  return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
}
