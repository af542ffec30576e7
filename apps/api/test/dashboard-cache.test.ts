import { describe, expect, it } from 'vitest';
import { DashboardCache, ownerKey } from '../src/modules/dashboard/dashboard-cache.ts';

const ANA = ownerKey('1', 'ana');
const LUIS = ownerKey('1', 'luis');

/** A loader that counts its calls and answers `body-<n>`. */
function counter() {
  let calls = 0;
  const load = async () => `body-${++calls}`;
  return { load, calls: () => calls };
}

/** A loader whose answer the test releases by hand, to act while it is in flight. */
function deferred() {
  let release!: (body: string) => void;
  const promise = new Promise<string>((resolve) => (release = resolve));
  return { load: () => promise, release };
}

const listening = (ttlMs = 60_000) => {
  const cache = new DashboardCache(ttlMs);
  cache.handlers.onListening();
  return cache;
};

describe('DashboardCache', () => {
  it('keeps nothing until the process listens for changes, then serves repeated pages from memory', async () => {
    const cache = new DashboardCache(60_000);
    const c = counter();
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-1');
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-2');
    expect(cache.active).toBe(false);
    expect(cache.size).toBe(0);

    cache.handlers.onListening();
    expect(cache.active).toBe(true);
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-3');
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-3');
    expect(c.calls()).toBe(3);
    // Another page of the same owner is its own entry.
    expect(await cache.resolve(ANA, 'ALL 0 10', c.load)).toBe('body-4');
    expect(cache.size).toBe(2);
  });

  it('is off with a time to live of 0, even while listening', async () => {
    const cache = listening(0);
    const c = counter();
    await cache.resolve(ANA, 'NEW 0 10', c.load);
    await cache.resolve(ANA, 'NEW 0 10', c.load);
    expect(cache.active).toBe(false);
    expect(c.calls()).toBe(2);
  });

  it("forgets every page of an owner whose contracts changed, and only that owner's", async () => {
    const cache = listening();
    const ana = counter();
    const luis = counter();
    await cache.resolve(ANA, 'NEW 0 10', ana.load);
    await cache.resolve(ANA, 'ALL 1 10', ana.load);
    await cache.resolve(LUIS, 'NEW 0 10', luis.load);

    cache.handlers.onMessage(ANA); // the notification a contract trigger sends
    expect(await cache.resolve(ANA, 'NEW 0 10', ana.load)).toBe('body-3');
    expect(await cache.resolve(ANA, 'ALL 1 10', ana.load)).toBe('body-4');
    expect(await cache.resolve(LUIS, 'NEW 0 10', luis.load)).toBe('body-1');
    expect(luis.calls()).toBe(1);
  });

  it('forgets a page that is stored again after a change (the replaced entry stays forgettable)', async () => {
    const cache = listening();
    const c = counter();
    await cache.resolve(ANA, 'NEW 0 10', c.load);
    cache.forget(ANA);
    await cache.resolve(ANA, 'NEW 0 10', c.load); // body-2 stored under the same key
    cache.forget(ANA);
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-3');
  });

  it('does not store a page read while a change to its owner was heard (it may predate the change)', async () => {
    const cache = listening();
    const slow = deferred();
    const reading = cache.resolve(ANA, 'NEW 0 10', slow.load);
    cache.handlers.onMessage(ANA);
    slow.release('before the change');
    expect(await reading).toBe('before the change'); // this caller still gets its answer…
    const c = counter();
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-1'); // …but nobody else does
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-1');
  });

  it("stores a page read while another owner's contracts changed", async () => {
    const cache = listening();
    const slow = deferred();
    const reading = cache.resolve(ANA, 'NEW 0 10', slow.load);
    cache.handlers.onMessage(LUIS);
    slow.release('fresh');
    await reading;
    const c = counter();
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('fresh');
    expect(c.calls()).toBe(0);
  });

  it('forgets everything on a TRUNCATE notification', async () => {
    const cache = listening();
    const c = counter();
    await cache.resolve(ANA, 'NEW 0 10', c.load);
    await cache.resolve(LUIS, 'NEW 0 10', c.load);
    cache.handlers.onMessage('*');
    expect(cache.size).toBe(0);
  });

  it('stops serving and storing when the listening connection is lost, and starts afresh once it is back', async () => {
    const cache = listening();
    const c = counter();
    await cache.resolve(ANA, 'NEW 0 10', c.load);
    const slow = deferred();
    const reading = cache.resolve(LUIS, 'NEW 0 10', slow.load);

    cache.handlers.onLost();
    expect(cache.active).toBe(false);
    expect(cache.size).toBe(0);
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-2');
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-3');

    cache.handlers.onListening();
    slow.release('read across the outage'); // began before the loss: never stored
    await reading;
    const luis = counter();
    expect(await cache.resolve(LUIS, 'NEW 0 10', luis.load)).toBe('body-1');
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-4');
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-4');
  });

  it('keeps a page no longer than its time to live', async () => {
    const cache = listening(30);
    const c = counter();
    await cache.resolve(ANA, 'NEW 0 10', c.load);
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-1');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-2');
  });

  it('answers the load error to its caller and stores nothing', async () => {
    const cache = listening();
    await expect(cache.resolve(ANA, 'NEW 0 10', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
    const c = counter();
    expect(await cache.resolve(ANA, 'NEW 0 10', c.load)).toBe('body-1');
  });
});
