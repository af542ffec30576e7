import { describe, expect, it } from 'vitest';
import './zod-csp.ts';

describe('zod under our CSP', () => {
  it('runs without compiling parsers (no eval probe)', async () => {
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
