import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ZCreateLeadRequest,
  ZDiscardLeadRequest,
  ZLeadListQuery,
  addMonths,
  checkExtension,
  emailKeyOf,
  expiryWarningAt,
  extendedEnd,
  formatReservationDate,
  isExpiringSoon,
  isLiveAt,
  reservationEnd,
} from '../../src/index.ts';

const at = (value: string) => new Date(value);

describe('reservation dates', () => {
  it('a reservation lasts 6 calendar months, at the same time of day', () => {
    expect(reservationEnd(at('2026-01-15T10:30:00Z')).toISOString()).toBe('2026-07-15T10:30:00.000Z');
    expect(reservationEnd(at('2026-09-01T00:00:00Z')).toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });

  it('a day the target month lacks becomes its last day (31 August + 6 months = end of February)', () => {
    expect(reservationEnd(at('2026-08-31T12:00:00Z')).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(reservationEnd(at('2027-08-31T12:00:00Z')).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addMonths(at('2026-12-31T00:00:00Z'), 6).toISOString()).toBe('2027-06-30T00:00:00.000Z');
  });

  it('property: 6 months later is always between 181 and 184 days later, and never earlier', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (from) => {
        const days = (reservationEnd(from).getTime() - from.getTime()) / 86_400_000;
        return days >= 178 && days <= 184;
      }),
    );
  });

  it('the extension adds 6 months to the current end, not to today', () => {
    expect(extendedEnd(at('2026-07-15T10:30:00Z')).toISOString()).toBe('2027-01-15T10:30:00.000Z');
  });

  it('the warning is due exactly 15 days before the end', () => {
    const until = at('2026-07-15T10:30:00Z');
    expect(expiryWarningAt(until).toISOString()).toBe('2026-06-30T10:30:00.000Z');
    const lead = { state: 'RESERVED', reservedUntil: until };
    expect(isExpiringSoon(lead, at('2026-06-30T10:29:59Z'))).toBe(false);
    expect(isExpiringSoon(lead, at('2026-06-30T10:30:00Z'))).toBe(true);
    expect(isExpiringSoon(lead, until)).toBe(false);
    expect(isExpiringSoon({ ...lead, state: 'DISCARDED' }, at('2026-07-01T00:00:00Z'))).toBe(false);
  });
});

describe('the one extension', () => {
  const until = at('2026-07-15T10:30:00Z');
  const before = at('2026-07-01T00:00:00Z');

  it('is allowed once, while live', () => {
    expect(checkExtension({ state: 'RESERVED', reservedUntil: until, extendedAt: null }, before)).toBeNull();
  });

  it('is refused a second time', () => {
    expect(checkExtension({ state: 'EXTENDED', reservedUntil: until, extendedAt: before }, before)).toBe('alreadyExtended');
    expect(checkExtension({ state: 'RESERVED', reservedUntil: until, extendedAt: before }, before)).toBe('alreadyExtended');
  });

  it('is refused once the reservation is over, or no longer live', () => {
    expect(checkExtension({ state: 'RESERVED', reservedUntil: until, extendedAt: null }, until)).toBe('notLive');
    for (const state of ['EXPIRED', 'CONVERTED', 'DISCARDED']) {
      expect(checkExtension({ state, reservedUntil: until, extendedAt: null }, before)).toBe('notLive');
    }
    expect(isLiveAt({ state: 'EXTENDED', reservedUntil: until }, before)).toBe(true);
  });
});

describe('people and texts', () => {
  it('folds an e-mail into the key of a person', () => {
    expect(emailKeyOf('  Lola.Prospecto@Example.COM ')).toBe('lola.prospecto@example.com');
  });

  it("reads a reservation's end in the reader's language (UTC calendar day)", () => {
    expect(formatReservationDate('es', '2027-05-21T23:30:00Z')).toBe('21/05/2027');
    expect(formatReservationDate('en', '2027-05-21T23:30:00Z')).toBe('21 May 2027');
  });

  it('validates a new lead: required names, an e-mail, an optional phone and zone', () => {
    const ok = ZCreateLeadRequest.safeParse({ firstName: ' Lola ', lastName: 'P', email: 'lola@example.com', phone: '', zoneId: null });
    expect(ok.success && ok.data).toMatchObject({ firstName: 'Lola', phone: null, zoneId: null, note: null });
    const bad = ZCreateLeadRequest.safeParse({ firstName: '', lastName: 'P', email: 'nope', zoneId: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort()).toEqual([
      'email:validation.invalidEmail',
      'firstName:validation.required',
      'zoneId:validation.invalid',
    ]);
  });

  it('a discard needs a known kind and a reason', () => {
    expect(ZDiscardLeadRequest.safeParse({ kind: 'OFFERING', reason: 'Rechazó la oferta' }).success).toBe(true);
    const bad = ZDiscardLeadRequest.safeParse({ kind: 'OTHER' });
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['kind', 'reason']);
  });

  it('the list query defaults to the soonest end first and accepts LIVE', () => {
    expect(ZLeadListQuery.parse({})).toMatchObject({ page: 0, size: 20, sort: { field: 'reservedUntil', direction: 'asc' } });
    expect(ZLeadListQuery.parse({ state: 'LIVE', sort: 'lastName,desc' })).toMatchObject({ state: 'LIVE', sort: { field: 'lastName', direction: 'desc' } });
    expect(ZLeadListQuery.safeParse({ size: 0 }).success).toBe(false);
  });
});
