import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  canUseAdministration,
  CONTRACT_ACTIONS,
  CONTRACT_STATES,
  decideTransition,
  makeAddCardSchema,
  toPage,
  ZChangePasswordRequest,
  ZContractSearchQuery,
  ZDashboardParams,
} from '../../src/index.ts';

describe('contract state machine (decisions.md, "Contracts")', () => {
  const allowed = new Set([
    'NEW activate ACTIVE staff',
    'NEW cancel DELETED any',
    'NEW revoke DELETED owner',
    'ACTIVE suspend STANDBY staff',
    'STANDBY resume ACTIVE staff',
    'NEW archive ARCHIVED any',
    'ACTIVE archive ARCHIVED any',
    'STANDBY archive ARCHIVED any',
    'ARCHIVED recover ACTIVE any',
  ]);

  it('allows exactly the listed transitions and refuses every other one', () => {
    for (const state of CONTRACT_STATES) {
      for (const action of CONTRACT_ACTIONS) {
        const staff = decideTransition(state, action, true);
        const investor = decideTransition(state, action, false);
        const rule = [...allowed].find((r) => r.startsWith(`${state} ${action} `));
        if (!rule) {
          expect(staff, `${state} ${action}`).toMatchObject({ ok: false, reason: 'notAllowedInState' });
          expect(investor).toMatchObject({ ok: false, reason: 'notAllowedInState' });
          continue;
        }
        const [, , to, who] = rule.split(' ');
        expect(staff).toEqual(who === 'owner' ? { ok: false, reason: 'ownerOnly', from: state } : { ok: true, from: state, to });
        expect(investor).toEqual(who === 'staff' ? { ok: false, reason: 'staffOnly', from: state } : { ok: true, from: state, to });
      }
    }
  });

  it('lists the actions a caller may take', () => {
    expect(allowedActions('NEW', false)).toEqual(['cancel', 'revoke', 'archive']);
    expect(allowedActions('NEW', true)).toEqual(['activate', 'cancel', 'archive']);
    expect(allowedActions('NEW', true, true)).toEqual(['activate', 'cancel', 'revoke', 'archive']);
    expect(allowedActions('ARCHIVED', false)).toEqual(['recover']);
    expect(allowedActions('DELETED', true)).toEqual([]);
    expect(allowedActions('ACTIVE', true)).toEqual(['suspend', 'archive']);
  });

  it('keeps the administration for administrative roles', () => {
    expect(canUseAdministration(['TEAM_MANAGER'])).toBe(true);
    expect(canUseAdministration(['INVESTOR', 'ADVISOR'])).toBe(false);
  });
});

describe('paging and query schemas', () => {
  it('builds the paged envelope with real totals', () => {
    expect(toPage(['a', 'b', 'c'], 1, 3, 7, false)).toMatchObject({
      totalElements: 7,
      totalPages: 3,
      first: false,
      last: false,
      number: 1,
      numberOfElements: 3,
      pageable: { offset: 3, pageSize: 3, pageNumber: 1 },
    });
    expect(toPage([], 0, 10, 0, false)).toMatchObject({ totalPages: 0, empty: true, first: true, last: true });
  });

  it('caps the search size at 100, defaults it to 100 and whitelists sort fields', () => {
    expect(ZContractSearchQuery.parse({})).toEqual({ page: 0, size: 100, contractState: 'ALL' });
    expect(ZContractSearchQuery.parse({ size: '1000', sort: 'initialInvestment,desc' })).toMatchObject({
      size: 100,
      sort: { field: 'initialInvestment', direction: 'desc' },
    });
    expect(ZContractSearchQuery.safeParse({ sort: 'password' }).success).toBe(false);
  });

  it('reads an empty dashboard state as ALL', () => {
    expect(ZDashboardParams.parse({ contractState: '' })).toEqual({ contractState: 'ALL' });
    expect(ZDashboardParams.parse({ contractState: 'NEW' })).toEqual({ contractState: 'NEW' });
  });
});

describe('account forms', () => {
  const schema = makeAddCardSchema('2026-05-10');
  it('adds a card with the sign-up rules', () => {
    expect(schema.parse({ creditCard: '4111 1111 1111 1111', ccv: '123', expirationDate: '05/26' }).creditCard).toBe('4111111111111111');
    const bad = schema.safeParse({ creditCard: '4111 1111 1111 1112', ccv: '12a', expirationDate: '04/26' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['creditCard', 'accounts.errors.invalidCardNumber'],
      ['ccv', 'accounts.errors.ccvDigits'],
      ['expirationDate', 'accounts.errors.cardExpired'],
    ]);
  });

  it('checks the new password and its repetition', () => {
    const bad = ZChangePasswordRequest.safeParse({ currentPassword: '', newPassword: 'short', repeatPassword: 'other' });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['currentPassword', 'validation.required'],
      ['newPassword', 'accounts.errors.passwordTooShort|min=10'],
      ['repeatPassword', 'accounts.errors.passwordMismatch'],
    ]);
  });
});
