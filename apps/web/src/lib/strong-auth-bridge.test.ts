import { afterEach, describe, expect, it, vi } from 'vitest';
import { setStepUpHandler, stepUpHandlerWithin } from './strong-auth-bridge.ts';

describe('stepUpHandlerWithin (a refusal that arrives before the step-up dialog has loaded)', () => {
  afterEach(() => {
    setStepUpHandler(undefined);
    vi.useRealTimers();
  });

  it('answers the registered handler at once', async () => {
    const handler = vi.fn(async () => {});
    setStepUpHandler(handler);
    await expect(stepUpHandlerWithin(10)).resolves.toBe(handler);
  });

  it('waits for the dialog to register its handler', async () => {
    vi.useFakeTimers();
    const handler = vi.fn(async () => {});
    const waiting = stepUpHandlerWithin(5_000);
    vi.advanceTimersByTime(1_000);
    setStepUpHandler(handler);
    await expect(waiting).resolves.toBe(handler);
  });

  it('gives up after the wait when no dialog comes, so the caller shows the refusal', async () => {
    vi.useFakeTimers();
    const waiting = stepUpHandlerWithin(5_000);
    vi.advanceTimersByTime(5_000);
    await expect(waiting).resolves.toBeUndefined();
    // A handler registered later is not handed to the request that gave up.
    setStepUpHandler(vi.fn(async () => {}));
  });
});
