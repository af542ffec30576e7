import { afterEach, beforeEach, vi } from 'vitest';

// A console.error during a test fails it (conventions, 15).
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});
