import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, isKnownWebPath, paths } from '../../src/index.ts';

describe('formats', () => {
  it('shows money de-style with two decimals and €', () => {
    expect(formatMoney('1234567.5')).toBe('1.234.567,50\u00a0€');
    expect(formatMoney(0)).toBe('0,00\u00a0€');
  });
  it('shows dates as dd/mm/yyyy', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate(new Date('2047-01-05T10:00:00Z'))).toBe('05/01/2047');
  });
});

describe('paths', () => {
  it('knows every route, and only routes', () => {
    for (const p of ['/', '/home', '/home/cookies', '/user/list', '/inversor/contratos/abc', '/home/calculadoras/padrinazgo']) {
      expect(isKnownWebPath(p), p).toBe(true);
    }
    for (const p of ['/nope', '/home/calculadoras/bitcoin', '/home/cookies/extra']) expect(isKnownWebPath(p), p).toBe(false);
  });
  it('builds links', () => {
    expect(paths.confirmSignUp.href('u 1', 't&2')).toBe('/user/confirm-sign-up?userId=u+1&token=t%262');
    expect(paths.calculator.href('jubilacion', 'edadActual=40')).toBe('/home/calculadoras/jubilacion?edadActual=40');
  });
});
