import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  archivedFromOf,
  canUseAdministration,
  CONTRACT_ACTIONS,
  CONTRACT_STATES,
  decideTransition,
  makeAddCardSchema,
  toPage,
  ZChangePasswordRequest,
  ZContractSearchQuery,
  ZDashboardParams,
  type TContractAction,
  type TContractState,
} from '../../src/index.ts';

describe('contract state machine (decisions.md, "Contracts")', () => {
  /**
   * The whole matrix, written out by hand: every state (an ARCHIVED contract by the state it was
   * archived from, read from its history: `?` none readable) × every action × every kind of caller.
   * A cell is the state the contract moves to, or the refusal: `state` (not in this state), `staff`
   * (staff only), `owner` (the owner only), `who` (neither the owner nor staff), `origin` (archived
   * from an unknown state).
   */
  type TCell = TContractState | 'state' | 'staff' | 'owner' | 'who' | 'origin';
  type TRow = Record<TContractAction, readonly [owner: TCell, advisor: TCell, admin: TCell, otherInvestor: TCell]>;
  const REFUSED = ['state', 'state', 'state', 'who'] as const;
  const MATRIX: Record<string, TRow> = {
    NEW: {
      activate: ['staff', 'ACTIVE', 'ACTIVE', 'who'],
      cancel: ['DELETED', 'DELETED', 'DELETED', 'who'],
      revoke: ['DELETED', 'owner', 'owner', 'who'],
      suspend: REFUSED,
      resume: REFUSED,
      archive: ['ARCHIVED', 'ARCHIVED', 'ARCHIVED', 'who'],
      recover: REFUSED,
    },
    ACTIVE: {
      activate: REFUSED,
      cancel: REFUSED,
      revoke: REFUSED,
      suspend: ['staff', 'STANDBY', 'STANDBY', 'who'],
      resume: REFUSED,
      archive: ['ARCHIVED', 'ARCHIVED', 'ARCHIVED', 'who'],
      recover: REFUSED,
    },
    STANDBY: {
      activate: REFUSED,
      cancel: REFUSED,
      revoke: REFUSED,
      suspend: REFUSED,
      resume: ['staff', 'ACTIVE', 'ACTIVE', 'who'],
      archive: ['ARCHIVED', 'ARCHIVED', 'ARCHIVED', 'who'],
      recover: REFUSED,
    },
    'ARCHIVED<-NEW': {
      activate: REFUSED,
      cancel: REFUSED,
      revoke: REFUSED,
      suspend: REFUSED,
      resume: REFUSED,
      archive: REFUSED,
      recover: ['NEW', 'NEW', 'NEW', 'who'],
    },
    'ARCHIVED<-ACTIVE': {
      activate: REFUSED,
      cancel: REFUSED,
      revoke: REFUSED,
      suspend: REFUSED,
      resume: REFUSED,
      archive: REFUSED,
      recover: ['ACTIVE', 'ACTIVE', 'ACTIVE', 'who'],
    },
    'ARCHIVED<-STANDBY': {
      activate: REFUSED,
      cancel: REFUSED,
      revoke: REFUSED,
      suspend: REFUSED,
      resume: REFUSED,
      archive: REFUSED,
      recover: ['STANDBY', 'STANDBY', 'STANDBY', 'who'],
    },
    'ARCHIVED<-?': {
      activate: REFUSED,
      cancel: REFUSED,
      revoke: REFUSED,
      suspend: REFUSED,
      resume: REFUSED,
      archive: REFUSED,
      recover: ['origin', 'origin', 'origin', 'who'],
    },
    DELETED: {
      activate: REFUSED,
      cancel: REFUSED,
      revoke: REFUSED,
      suspend: REFUSED,
      resume: REFUSED,
      archive: REFUSED,
      recover: REFUSED,
    },
  };
  const CALLERS = [
    ['owner investor', { isStaff: false, isOwner: true }],
    ["the customer's advisor", { isStaff: true, isOwner: false }],
    ['an administrator', { isStaff: true, isOwner: false }],
    ['another investor', { isStaff: false, isOwner: false }],
  ] as const;
  const REASONS = { state: 'notAllowedInState', staff: 'staffOnly', owner: 'ownerOnly', who: 'notOwnerOrStaff', origin: 'archivedFromUnknown' } as const;
  const parse = (label: string): { state: TContractState; archivedFrom: TContractState | null } => {
    const [state, origin] = label.split('<-') as [TContractState, string | undefined];
    return { state, archivedFrom: origin === undefined || origin === '?' ? null : (origin as TContractState) };
  };

  it('covers every state and every action', () => {
    expect(new Set(Object.keys(MATRIX).map((label) => parse(label).state))).toEqual(new Set(CONTRACT_STATES));
    for (const row of Object.values(MATRIX)) expect(Object.keys(row).sort()).toEqual([...CONTRACT_ACTIONS].sort());
  });

  for (const [label, row] of Object.entries(MATRIX)) {
    it(`decides every action on ${label} for every kind of caller`, () => {
      const { state, archivedFrom } = parse(label);
      for (const action of CONTRACT_ACTIONS) {
        CALLERS.forEach(([who, { isStaff, isOwner }], i) => {
          const cell = row[action][i]!;
          const decision = decideTransition(state, action, isStaff, isOwner, { archivedFrom });
          const expected = cell in REASONS ? { ok: false, reason: REASONS[cell as keyof typeof REASONS], from: state } : { ok: true, from: state, to: cell };
          expect(decision, `${label} ${action} by ${who}`).toEqual(expected);
        });
      }
    });
  }

  it('refuses recovery to a state a contract cannot be archived from, or with no origin given', () => {
    for (const archivedFrom of ['ARCHIVED', 'DELETED', null, undefined] as const) {
      expect(decideTransition('ARCHIVED', 'recover', false, true, { archivedFrom })).toEqual({ ok: false, reason: 'archivedFromUnknown', from: 'ARCHIVED' });
    }
    expect(decideTransition('ARCHIVED', 'recover', false)).toMatchObject({ ok: false, reason: 'archivedFromUnknown' });
  });

  it('reads the state an ARCHIVED contract was archived from in its history', () => {
    const hired = { fromState: null, toState: 'NEW' };
    expect(archivedFromOf([hired, { fromState: 'NEW', toState: 'ARCHIVED' }])).toBe('NEW');
    expect(
      archivedFromOf([
        hired,
        { fromState: 'NEW', toState: 'ACTIVE' },
        { fromState: 'ACTIVE', toState: 'STANDBY' },
        { fromState: 'STANDBY', toState: 'ARCHIVED' },
      ]),
    ).toBe('STANDBY');
    // Archived, recovered and archived again: the last archiving counts.
    expect(
      archivedFromOf([
        hired,
        { fromState: 'NEW', toState: 'ARCHIVED' },
        { fromState: 'ARCHIVED', toState: 'NEW' },
        { fromState: 'NEW', toState: 'ACTIVE' },
        { fromState: 'ACTIVE', toState: 'ARCHIVED' },
      ]),
    ).toBe('ACTIVE');
    // Nothing readable: no history, a last event that did not archive it, a corrupt origin.
    expect(archivedFromOf([])).toBeNull();
    expect(archivedFromOf([hired])).toBeNull();
    expect(archivedFromOf([hired, { fromState: 'NEW', toState: 'ARCHIVED' }, { fromState: 'ARCHIVED', toState: 'NEW' }])).toBeNull();
    expect(archivedFromOf([{ fromState: null, toState: 'ARCHIVED' }])).toBeNull();
    expect(archivedFromOf([{ fromState: 'DELETED', toState: 'ARCHIVED' }])).toBeNull();
  });

  it('lists the actions a caller may take', () => {
    expect(allowedActions('NEW', false)).toEqual(['cancel', 'revoke', 'archive']);
    expect(allowedActions('NEW', true)).toEqual(['activate', 'cancel', 'archive']);
    expect(allowedActions('NEW', true, true)).toEqual(['activate', 'cancel', 'revoke', 'archive']);
    expect(allowedActions('NEW', false, false)).toEqual([]);
    expect(allowedActions('ARCHIVED', false, true, { archivedFrom: 'NEW' })).toEqual(['recover']);
    expect(allowedActions('ARCHIVED', true, false, { archivedFrom: 'STANDBY' })).toEqual(['recover']);
    // No readable origin: nothing to offer, rather than a recovery to a guessed state.
    expect(allowedActions('ARCHIVED', false)).toEqual([]);
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
