import { describe, expect, it } from 'vitest';
import {
  CONTRACT_ACTIONS,
  PERMISSIONS,
  ZAdvisorClientsQuery,
  ZCreateNoteRequest,
  ZTransitionDetails,
  can,
  checkTransitionDetails,
  detailsFor,
  transitionDetailsSchema,
} from '../../src/index.ts';

describe("the advisor's transition details", () => {
  it('activation needs the payment reference; suspend and resume a reason of 3 characters or more', () => {
    expect(checkTransitionDetails('activate', undefined)).toEqual([{ field: 'paymentReference', message: 'validation.required' }]);
    expect(checkTransitionDetails('activate', { reason: 'pagado' })).toEqual([{ field: 'paymentReference', message: 'validation.required' }]);
    expect(checkTransitionDetails('activate', { paymentReference: 'TRF-1' })).toEqual([]);
    for (const action of ['suspend', 'resume'] as const) {
      expect(checkTransitionDetails(action, {})).toEqual([{ field: 'reason', message: 'validation.required' }]);
      expect(checkTransitionDetails(action, { reason: '  ' })).toEqual([{ field: 'reason', message: 'validation.required' }]);
      expect(checkTransitionDetails(action, { reason: 'ab' })[0]!.field).toBe('reason');
      expect(checkTransitionDetails(action, { reason: 'ab' })[0]!.message).toMatch(/^validation\.tooShort/);
      expect(checkTransitionDetails(action, { reason: 'abc' })).toEqual([]);
      // Characters, not UTF-16 units: three emoji are three characters.
      expect(checkTransitionDetails(action, { reason: '😀😀😀' })).toEqual([]);
    }
  });

  it("the investor's own actions need nothing, and store nothing they were sent", () => {
    for (const action of ['cancel', 'archive', 'recover'] as const) {
      expect(checkTransitionDetails(action, undefined)).toEqual([]);
      expect(detailsFor(action, { reason: 'x', paymentReference: 'y' })).toEqual({ reason: null, paymentReference: null });
    }
    expect(detailsFor('activate', { reason: 'x', paymentReference: ' TRF ' })).toEqual({ reason: null, paymentReference: 'TRF' });
    expect(detailsFor('suspend', { reason: ' devuelto ', paymentReference: 'y' })).toEqual({ reason: 'devuelto', paymentReference: null });
    expect(CONTRACT_ACTIONS.filter((a) => checkTransitionDetails(a, {}).length > 0)).toEqual(['activate', 'suspend', 'resume']);
  });

  it('the schemas trim, drop blanks and cap lengths', () => {
    expect(ZTransitionDetails.parse({ paymentReference: '  ', reason: ' ok ' })).toEqual({ paymentReference: undefined, reason: 'ok' });
    expect(ZTransitionDetails.safeParse({ paymentReference: 'x'.repeat(101) }).success).toBe(false);
    expect(ZTransitionDetails.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
    expect(ZCreateNoteRequest.safeParse({ body: '   ' }).success).toBe(false);
    expect(ZCreateNoteRequest.parse({ body: ' hola ' })).toEqual({ body: 'hola' });
    expect(ZAdvisorClientsQuery.parse({ size: '500' }).size).toBe(100);
    const activate = transitionDetailsSchema('activate').safeParse({ paymentReference: ' ', reason: 'x' });
    expect(activate.success ? [] : activate.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['paymentReference', 'validation.required']]);
    expect(transitionDetailsSchema('suspend').safeParse({ reason: 'Recibo devuelto' }).success).toBe(true);
    expect(ZAdvisorClientsQuery.safeParse({ advisorId: 'nope' }).success).toBe(false);
  });

  it('the matrix: advisors and company staff use the workspace; only ADMIN and COMPANY_MANAGER reassign', () => {
    expect([...PERMISSIONS['advisor.workspace']].sort()).toEqual(['ADMIN', 'ADVISOR', 'COMPANY_MANAGER']);
    expect(can(['ADVISOR'], 'advisor.reassign')).toBe(false);
    expect(can(['COMPANY_MANAGER'], 'advisor.reassign')).toBe(true);
    for (const role of ['INVESTOR', 'AGENT', 'TEAM_MANAGER', 'GROUP_MANAGER', 'SUPPLIER', 'OWNER']) {
      expect(can([role], 'advisor.workspace'), role).toBe(false);
      expect(can([role], 'advisor.notes'), role).toBe(false);
    }
  });
});
