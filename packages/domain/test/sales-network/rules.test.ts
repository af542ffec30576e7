import { describe, expect, it } from 'vitest';
import {
  ZERO_FIGURES,
  ZGroupRequest,
  ZNetworkListQuery,
  ZTeamRequest,
  monthlyPriceText,
  networkStateLabel,
  occupationPercent,
  seatAvailable,
  sumFigures,
  sumMoney,
} from '../../src/index.ts';

describe('sales network rules', () => {
  it('labels OPERATIVE as the specification does (Operativo)', () => {
    expect(networkStateLabel('OPERATIVE', 'es')).toBe('Operativo');
    expect(networkStateLabel('CLOSED', 'es')).toBe('Cerrado');
    expect(networkStateLabel('OPERATIVE', 'en')).toBe('Operative');
  });

  it('writes the monthly price text in both languages', () => {
    expect(monthlyPriceText('600.00', 'es')).toBe('600 € / mes');
    expect(monthlyPriceText('600.00', 'en')).toBe('€600 a month');
    expect(monthlyPriceText('1200.00', 'es')).toBe('1.200 € / mes');
    expect(monthlyPriceText('1200.00', 'en')).toBe('€1,200 a month');
    expect(monthlyPriceText('99.50', 'es')).toBe('99,50 € / mes');
    expect(monthlyPriceText('99.5', 'en')).toBe('€99.50 a month');
  });

  it('computes occupation as seats taken over the total maximum, one decimal', () => {
    expect(occupationPercent(0, 160)).toBe(0);
    expect(occupationPercent(16, 160)).toBe(10);
    expect(occupationPercent(1, 3)).toBe(33.3);
    expect(occupationPercent(2, 3)).toBe(66.7);
    expect(occupationPercent(160, 160)).toBe(100);
    expect(occupationPercent(5, 0)).toBe(0);
  });

  it('never offers a seat at or over the maximum', () => {
    expect(seatAvailable(19, 20)).toBe(true);
    expect(seatAvailable(20, 20)).toBe(false);
    expect(seatAvailable(0, 0)).toBe(false);
  });

  it('sums money exactly (no float drift) and figures field by field', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['1000000000000.01', '0.99', '-1.00'])).toBe('1000000000000.00');
    const a = { ...ZERO_FIGURES, investmentTotal: '100.10', membersTotal: 2, customersTotal: 3, activeContracts: 1, activeLeads: 4, discardedClients: 1 };
    const b = { ...ZERO_FIGURES, investmentTotal: '0.20', membersTotal: 1, discardedOfferings: 2 };
    expect(sumFigures([a, b])).toEqual({
      investmentTotal: '100.30',
      membersTotal: 3,
      customersTotal: 3,
      activeContracts: 1,
      activeLeads: 4,
      discardedOfferings: 2,
      discardedClients: 1,
    });
  });

  it('validates a group and a team with message keys', () => {
    const ok = ZGroupRequest.safeParse({ title: ' Norte ', startSince: '2024-02-29', countryId: 'es', email: '' });
    expect(ok.success && ok.data).toMatchObject({ title: 'Norte', countryId: 'ES', email: null, managerId: null });
    const bad = ZGroupRequest.safeParse({ title: '', startSince: '2023-02-29', email: 'x', countryId: 'ESP' });
    expect(bad.success).toBe(false);
    const fields = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(fields).toMatchObject({ title: 'validation.required', startSince: 'validation.invalid', email: 'validation.invalidEmail' });
    expect(fields['countryId']).toMatch(/^validation\./);
    const team = ZTeamRequest.safeParse({ title: 'T', startSince: '2024-01-01' });
    expect(team.success).toBe(false);
    expect(team.error?.issues.map((i) => i.path.join('.'))).toEqual(['groupId']);
  });

  it('parses list queries with defaults, caps and sort', () => {
    expect(ZNetworkListQuery.parse({})).toMatchObject({ page: 0, size: 20, sort: { field: 'title', direction: 'asc' } });
    expect(ZNetworkListQuery.parse({ size: '1000', sort: 'startSince,desc' })).toMatchObject({ size: 100, sort: { field: 'startSince', direction: 'desc' } });
    expect(ZNetworkListQuery.safeParse({ sort: 'members' }).success).toBe(false);
    expect(ZNetworkListQuery.safeParse({ groupId: 'nope' }).success).toBe(false);
  });
});
