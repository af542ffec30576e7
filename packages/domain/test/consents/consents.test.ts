import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CONSENT_CHOICES,
  CONSENT_PURPOSES,
  CONSENT_TEXT_VERSIONS,
  checkConsentChange,
  currentConsents,
  isChangeablePurpose,
  isCurrentTextVersion,
  isSameChoice,
  withdrawnAt,
  ZConsentChangeRequest,
  type TConsentRecord,
} from '../../src/index.ts';

const record = (over: Partial<TConsentRecord>): TConsentRecord => ({
  id: '00000000-0000-4000-8000-000000000001',
  purpose: 'marketing',
  choice: 'given',
  textVersion: CONSENT_TEXT_VERSIONS.marketing,
  source: 'signUp',
  recordedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('consent texts and purposes', () => {
  it('has one version per purpose, and only that one is in force', () => {
    for (const purpose of CONSENT_PURPOSES) {
      expect(CONSENT_TEXT_VERSIONS[purpose]).toMatch(/\S/);
      expect(isCurrentTextVersion(purpose, CONSENT_TEXT_VERSIONS[purpose])).toBe(true);
      expect(isCurrentTextVersion(purpose, `${CONSENT_TEXT_VERSIONS[purpose]}-old`)).toBe(false);
    }
    expect(new Set(Object.values(CONSENT_TEXT_VERSIONS)).size).toBe(CONSENT_PURPOSES.length);
  });

  it('lets a person change cookies and marketing only', () => {
    expect(CONSENT_PURPOSES.filter(isChangeablePurpose)).toEqual(['cookies', 'marketing']);
  });
});

describe('checkConsentChange', () => {
  it('withdraws only what was given; giving and refusing are always allowed', () => {
    expect(checkConsentChange('given', 'withdrawn')).toBeNull();
    expect(checkConsentChange(null, 'withdrawn')).toBe('nothingToWithdraw');
    expect(checkConsentChange('refused', 'withdrawn')).toBe('nothingToWithdraw');
    expect(checkConsentChange('withdrawn', 'withdrawn')).toBe('nothingToWithdraw');
    for (const current of [null, ...CONSENT_CHOICES]) {
      expect(checkConsentChange(current, 'given')).toBeNull();
      expect(checkConsentChange(current, 'refused')).toBeNull();
    }
  });

  it('treats the same choice on the same text as no change, a new text version as a change', () => {
    const given = record({});
    expect(isSameChoice(given, { choice: 'given', textVersion: given.textVersion })).toBe(true);
    expect(isSameChoice(given, { choice: 'given', textVersion: 'marketing-2027-01' })).toBe(false);
    expect(isSameChoice(given, { choice: 'withdrawn', textVersion: given.textVersion })).toBe(false);
    expect(isSameChoice(null, { choice: 'given', textVersion: given.textVersion })).toBe(false);
  });
});

describe('currentConsents and withdrawnAt', () => {
  it('takes the latest record of each purpose and keeps the history intact', () => {
    const history = [
      record({ id: 'a', choice: 'given', recordedAt: '2026-01-01T00:00:00.000Z' }),
      record({ id: 'b', choice: 'withdrawn', recordedAt: '2026-03-01T00:00:00.000Z' }),
      record({ id: 'c', purpose: 'privacyPolicy', textVersion: CONSENT_TEXT_VERSIONS.privacyPolicy, recordedAt: '2026-01-01T00:00:00.000Z' }),
    ];
    const current = currentConsents(history);
    expect(current.map((r) => [r.purpose, r.choice])).toEqual([
      ['privacyPolicy', 'given'],
      ['marketing', 'withdrawn'],
    ]);
    expect(withdrawnAt(history, 'marketing')).toBe('2026-03-01T00:00:00.000Z');
    expect(withdrawnAt(history, 'privacyPolicy')).toBeNull();
    expect(withdrawnAt(history, 'cookies')).toBeNull();
    expect(history).toHaveLength(3);
  });

  it('a consent given again after a withdrawal is no longer withdrawn (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CONSENT_CHOICES), { minLength: 1, maxLength: 12 }), (choices) => {
        const history = choices.map((choice, i) =>
          record({ id: String(i).padStart(3, '0'), choice, recordedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }),
        );
        const last = choices[choices.length - 1]!;
        expect(currentConsents(history)[0]!.choice).toBe(last);
        expect(withdrawnAt(history, 'marketing') !== null).toBe(last === 'withdrawn');
      }),
    );
  });
});

describe('ZConsentChangeRequest', () => {
  it('accepts a change of cookies or marketing and refuses the rest with a message key', () => {
    expect(ZConsentChangeRequest.parse({ purpose: 'marketing', choice: 'withdrawn', textVersion: 'x' }).source).toBe('account');
    const bad = ZConsentChangeRequest.safeParse({ purpose: 'privacyPolicy', choice: 'withdrawn', textVersion: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('consents.errors.purpose');
    expect(ZConsentChangeRequest.safeParse({ purpose: 'marketing', choice: 'given', textVersion: '' }).success).toBe(false);
    expect(ZConsentChangeRequest.safeParse({ purpose: 'marketing', choice: 'given', textVersion: 'x', extra: 1 }).success).toBe(false);
  });
});
