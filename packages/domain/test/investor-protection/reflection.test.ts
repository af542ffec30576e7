import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEGACY_REVOCATION_REASON,
  REFLECTION_WAIVER_TEXT,
  REVOCATION_REASON_KEY,
  describeRemaining,
  isHistoryReasonKey,
  madridDate,
  madridMidnight,
  madridOffsetMs,
  readHistoryReason,
  reflectionPeriodEnd,
  reflectionStatus,
} from '../../src/index.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('reflection period end (Europe/Madrid, decision 0026)', () => {
  it('ends at 00:00 Madrid of the fifth day after the hire date, in winter and summer', () => {
    // Winter (CET, UTC+1): hired 10 Jan 2026 at 12:00 Madrid → ends 15 Jan 00:00 Madrid = 14 Jan 23:00Z.
    expect(reflectionPeriodEnd(at('2026-01-10T11:00:00Z')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    // Summer (CEST, UTC+2): hired 10 Jul 2026 at 12:00 Madrid → ends 15 Jul 00:00 Madrid = 14 Jul 22:00Z.
    expect(reflectionPeriodEnd(at('2026-07-10T10:00:00Z')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });

  it('counts Madrid calendar days at midnight, not UTC days', () => {
    // 00:00 Madrid on 10 Jan is 9 Jan 23:00Z: the hire's day is 10 Jan.
    expect(reflectionPeriodEnd(at('2026-01-09T23:00:00Z')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    // One millisecond earlier it is still 9 Jan in Madrid.
    expect(reflectionPeriodEnd(at('2026-01-09T22:59:59.999Z')).toISOString()).toBe('2026-01-13T23:00:00.000Z');
    // 23:59 Madrid on 31 Dec 2026 → ends 5 Jan 2027 00:00 Madrid (year rolls over).
    expect(reflectionPeriodEnd(at('2026-12-31T22:59:00Z')).toISOString()).toBe('2027-01-04T23:00:00.000Z');
  });

  it('crosses the spring change (29 Mar 2026, 02:00 → 03:00): the period is one hour shorter', () => {
    const hired = at('2026-03-27T11:00:00Z'); // 12:00 CET on Friday 27 March
    const end = reflectionPeriodEnd(hired);
    expect(end.toISOString()).toBe('2026-03-31T22:00:00.000Z'); // 1 April 00:00 CEST
    expect(madridOffsetMs(end)).toBe(2 * HOUR);
  });

  it('crosses the autumn change (25 Oct 2026, 03:00 → 02:00): the period is one hour longer', () => {
    const hired = at('2026-10-23T10:00:00Z'); // 12:00 CEST on Friday 23 October
    const end = reflectionPeriodEnd(hired);
    expect(end.toISOString()).toBe('2026-10-27T23:00:00.000Z'); // 28 October 00:00 CET
    expect(madridOffsetMs(end)).toBe(HOUR);
  });

  it('handles a hire made on the day of a change, inside the repeated hour', () => {
    // 02:30 CEST then 02:30 CET on 25 Oct 2026: both are 25 October in Madrid.
    expect(reflectionPeriodEnd(at('2026-10-25T00:30:00Z')).toISOString()).toBe('2026-10-29T23:00:00.000Z');
    expect(reflectionPeriodEnd(at('2026-10-25T01:30:00Z')).toISOString()).toBe('2026-10-29T23:00:00.000Z');
  });

  it('revocable at the last instant, not one instant after; a waiver closes it at once', () => {
    const hired = at('2026-01-10T11:00:00Z');
    const end = reflectionPeriodEnd(hired);
    const last = new Date(end.getTime() - 1);
    expect(reflectionStatus(hired, last)).toEqual({ open: true, endsAt: end, remainingMs: 1 });
    expect(reflectionStatus(hired, end)).toEqual({ open: false, endsAt: end, reason: 'ended' });
    expect(reflectionStatus(hired, hired)).toMatchObject({ open: true });
    const waived = at('2026-01-11T09:00:00Z');
    expect(reflectionStatus(hired, at('2026-01-11T09:00:00Z'), waived)).toEqual({ open: false, endsAt: end, reason: 'waived' });
    expect(reflectionStatus(hired, at('2026-01-11T08:59:59Z'), waived)).toMatchObject({ open: true });
  });

  it('property: the end is a Madrid midnight, 5 calendar dates after the hire, between 96 and 121 hours away', () => {
    const instants = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instants, (hired) => {
        const end = reflectionPeriodEnd(hired);
        const endDate = madridDate(end);
        // A Madrid midnight: one millisecond earlier is the previous Madrid date.
        const before = madridDate(new Date(end.getTime() - 1));
        expect(before).not.toBe(endDate);
        const [y, m, d] = endDate.split('-').map(Number) as [number, number, number];
        expect(madridMidnight(y, m, d).getTime()).toBe(end.getTime());
        // Exactly 5 calendar dates later.
        const [hy, hm, hd] = madridDate(hired).split('-').map(Number) as [number, number, number];
        expect(Date.UTC(y, m - 1, d) - Date.UTC(hy, hm - 1, hd)).toBe(5 * 24 * HOUR);
        // At least 4 full days (plus a 23-hour day at worst), at most 5 days and the autumn hour.
        const span = end.getTime() - hired.getTime();
        expect(span).toBeGreaterThan(4 * 24 * HOUR - HOUR);
        expect(span).toBeLessThanOrEqual(5 * 24 * HOUR + HOUR);
        // The status agrees with the end.
        expect(reflectionStatus(hired, new Date(end.getTime() - 1)).open).toBe(true);
        expect(reflectionStatus(hired, end).open).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe("Madrid's wall clock, read from Intl once per UTC hour", () => {
  const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const fromIntl = (instant: Date) => {
    const p = Object.fromEntries(intl.formatToParts(instant).filter((x) => x.type !== 'literal').map((x) => [x.type, Number(x.value)]));
    return { date: `${p['year']}-${String(p['month']).padStart(2, '0')}-${String(p['day']).padStart(2, '0')}`, offset: Date.UTC(p['year']!, p['month']! - 1, p['day'], p['hour'], p['minute'], p['second']) - Math.floor(instant.getTime() / 1000) * 1000 };
  };

  it('property: the date and the offset are what the time-zone database says, at any instant (1990–2100), asked in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }), { minLength: 1, maxLength: 20 }), (instants) => {
        for (const instant of instants) {
          const expected = fromIntl(instant);
          expect(madridDate(instant)).toBe(expected.date);
          expect(madridOffsetMs(instant)).toBe(expected.offset);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is exact on both sides of each change of 2026 (29 Mar and 25 Oct, 01:00 UTC)', () => {
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z']) {
      for (const delta of [-1, 0, 1, -HOUR, HOUR]) {
        const instant = new Date(at(change).getTime() + delta);
        expect(madridOffsetMs(instant)).toBe(fromIntl(instant).offset);
        expect(madridDate(instant)).toBe(fromIntl(instant).date);
      }
    }
  });
});

describe('time left in words', () => {
  it('says days and hours, hours and minutes, minutes, or less than a minute, in es and en', () => {
    const ms = (d: number, h: number, m: number) => ((d * 24 + h) * 60 + m) * 60_000;
    expect(describeRemaining(ms(3, 5, 10), 'es')).toBe('3 días y 5 horas');
    expect(describeRemaining(ms(3, 5, 10), 'en')).toBe('3 days and 5 hours');
    expect(describeRemaining(ms(1, 0, 59), 'es')).toBe('1 día');
    expect(describeRemaining(ms(0, 1, 1), 'en')).toBe('1 hour and 1 minute');
    expect(describeRemaining(ms(0, 0, 12), 'es')).toBe('12 minutos');
    expect(describeRemaining(59_999, 'es')).toBe('menos de un minuto');
    expect(describeRemaining(0, 'en')).toBe('less than a minute');
  });

  it('property: never promises more time than is left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 * 24 * HOUR }), (left) => {
        const text = describeRemaining(left, 'en');
        const n = [...text.matchAll(/(\d+) (day|hour|minute)/g)].reduce(
          (sum, [, v, u]) => sum + Number(v) * (u === 'day' ? 24 * HOUR : u === 'hour' ? HOUR : 60_000),
          0,
        );
        expect(n).toBeLessThanOrEqual(left);
      }),
    );
  });
});

describe('the revocation reason and the waiver text (decision 0026)', () => {
  it('reads the first version’s fixed text as the key, and leaves other reasons as typed', () => {
    expect(readHistoryReason(LEGACY_REVOCATION_REASON)).toBe(REVOCATION_REASON_KEY);
    expect(readHistoryReason(REVOCATION_REASON_KEY)).toBe(REVOCATION_REASON_KEY);
    expect(readHistoryReason('Recibo devuelto por el banco')).toBe('Recibo devuelto por el banco');
    expect(readHistoryReason(null)).toBeNull();
    expect(isHistoryReasonKey(REVOCATION_REASON_KEY)).toBe(true);
    expect(isHistoryReasonKey(LEGACY_REVOCATION_REASON)).toBe(false);
  });

  it('states in both languages that waiving loses the right to revoke', () => {
    expect(REFLECTION_WAIVER_TEXT.es).toContain('pierdo el derecho a revocarlo');
    expect(REFLECTION_WAIVER_TEXT.en).toContain('I lose the right to revoke it');
    expect(REFLECTION_WAIVER_TEXT.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
