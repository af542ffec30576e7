import { describe, expect, it } from 'vitest';
import { ENROLMENT_ACTIONS, PERMISSIONS, ROLES, STEP_UP_ACTIONS, ZStepUpRequest, ZTotpConfirmRequest } from '../../src/index.ts';

describe('strong authentication: request shapes and the enrolment gate', () => {
  it('takes exactly one proof in a step-up', () => {
    expect(ZStepUpRequest.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    expect(ZStepUpRequest.parse({ recoveryCode: 'abcde-fghjk' })).toEqual({ recoveryCode: 'abcde-fghjk' });
    expect(ZStepUpRequest.parse({ passkey: { challengeId: 'c', response: { id: 'x' } } })).toEqual({ passkey: { challengeId: 'c', response: { id: 'x' } } });
    for (const bad of [{}, { code: '' }, { code: 123456 }, { code: '1', recoveryCode: '2' }, { passkey: { challengeId: '' , response: {} } }, { code: 'x'.repeat(65) }]) {
      expect(ZStepUpRequest.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(ZTotpConfirmRequest.safeParse({ code: '  ' }).success).toBe(false);
  });

  it('lets staff before enrolment do only what every role may do for themselves, and enrol', () => {
    expect(ENROLMENT_ACTIONS).toContain('strongAuth.own');
    for (const action of ENROLMENT_ACTIONS) expect([...PERMISSIONS[action]].sort(), action).toEqual([...ROLES].sort());
  });

  it('names the second factors’ own changes as step-up actions', () => {
    expect(STEP_UP_ACTIONS).toEqual(expect.arrayContaining(['hire', 'buy', 'sell', 'addPaymentMethod', 'changePassword', 'changeEmail', 'exportData', 'addSecondFactor', 'removeSecondFactor', 'regenerateRecoveryCodes']));
  });
});
