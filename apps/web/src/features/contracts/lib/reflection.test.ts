import { describe, expect, it } from 'vitest';
import { formatReflectionEnd, reflectionRemaining } from './reflection.ts';

// Hired on 10 January 2026 (Madrid): the period ends at 00:00 Madrid on 15 January (23:00 UTC on the 14th).
const info = { endsAt: '2026-01-14T23:00:00.000Z', waivedAt: null };

describe('the reflection period on screen (decision 0026)', () => {
  it('is open for a NEW contract until its end, exclusive', () => {
    expect(reflectionRemaining('NEW', info, new Date('2026-01-14T22:00:00Z'))).toBe(3_600_000);
    expect(reflectionRemaining('NEW', info, new Date('2026-01-14T22:59:59.999Z'))).toBe(1);
    expect(reflectionRemaining('NEW', info, new Date('2026-01-14T23:00:00Z'))).toBeNull();
  });

  it('is closed once waived, for another state, and when the API sent no period', () => {
    const now = new Date('2026-01-12T09:00:00Z');
    expect(reflectionRemaining('NEW', { ...info, waivedAt: '2026-01-11T10:00:00.000Z' }, now)).toBeNull();
    expect(reflectionRemaining('ACTIVE', info, now)).toBeNull();
    expect(reflectionRemaining('NEW', undefined, now)).toBeNull();
  });

  it('names the last minute of the period in Madrid time, in both languages', () => {
    expect(formatReflectionEnd(info.endsAt, 'es')).toBe('14 de enero de 2026 a las 23:59');
    expect(formatReflectionEnd(info.endsAt, 'en')).toBe('14 January 2026 at 23:59');
  });
});
