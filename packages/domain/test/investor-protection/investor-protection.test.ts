import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPROPRIATENESS_QUESTIONS,
  KEY_INFO_SHEET_DATE,
  KEY_INFO_SHEET_VERSION,
  KEY_INFO_SHEET_VERSIONS,
  MAX_SCORE,
  PASS_MARK,
  PLAN_IDS,
  ZAppropriatenessRequest,
  answersComplete,
  hireAmount,
  isCurrentKeyInfoVersion,
  isKnownWebPath,
  isTestCurrent,
  paths,
  keyInformationSheet,
  lossCapacity,
  riskWarnings,
  scoreTest,
} from '../../src/index.ts';

const key = () => Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct === '*' ? q.options[0]!.id : q.correct]));
const scored = APPROPRIATENESS_QUESTIONS.filter((q) => q.correct !== '*');
const wrong = (q: (typeof APPROPRIATENESS_QUESTIONS)[number]) => q.options.find((o) => o.id !== q.correct)!.id;

describe('key information sheets', () => {
  it('has one sheet per plan in both languages, versioned, with every required section', () => {
    expect(KEY_INFO_SHEET_VERSIONS[KEY_INFO_SHEET_VERSION]).toBe(KEY_INFO_SHEET_DATE);
    for (const plan of PLAN_IDS) {
      const es = keyInformationSheet(plan, 'es');
      const en = keyInformationSheet(plan, 'en');
      expect(es.version).toBe(KEY_INFO_SHEET_VERSION);
      expect(es.sections.length).toBe(en.sections.length);
      expect(es.planName).not.toBe(en.planName);
      const esText = JSON.stringify(es);
      const enText = JSON.stringify(en);
      for (const word of ['emite', 'activos', 'Costes', 'Pérdida de capital', 'Liquidez', 'garantía de depósitos', 'reclamar']) expect(esText).toContain(word);
      for (const word of ['issues', 'assets', 'Costs', 'Loss of capital', 'Liquidity', 'deposit guarantee', 'complain']) expect(enText).toContain(word);
    }
    expect(new Set(PLAN_IDS.map((p) => keyInformationSheet(p, 'es').sections[0]!.paragraphs[0])).size).toBe(PLAN_IDS.length);
  });

  it('each plan has its sheet page; other ids do not', () => {
    for (const plan of PLAN_IDS) expect(isKnownWebPath(paths.keyInfoSheet.href(plan))).toBe(true);
    expect(isKnownWebPath('/home/calculadoras/nope/ficha')).toBe(false);
    expect(isKnownWebPath('/home/calculadoras/jubilacion/otra')).toBe(false);
    expect(isKnownWebPath(paths.appropriateness.href())).toBe(true);
  });

  it('accepts only the version in force', () => {
    expect(isCurrentKeyInfoVersion(KEY_INFO_SHEET_VERSION)).toBe(true);
    for (const v of [undefined, null, '', '0.9', `${KEY_INFO_SHEET_VERSION} `]) expect(isCurrentKeyInfoVersion(v)).toBe(false);
  });
});

describe('appropriateness test', () => {
  it('every question has both languages and a key among its options (or * for experience)', () => {
    for (const q of APPROPRIATENESS_QUESTIONS) {
      expect(q.text.es && q.text.en).toBeTruthy();
      for (const o of q.options) expect(o.text.es && o.text.en).toBeTruthy();
      if (q.correct !== '*') expect(q.options.map((o) => o.id)).toContain(q.correct);
    }
    expect(MAX_SCORE).toBe(scored.length);
  });

  it('scores the answer key full marks and passes with at most one mistake (property)', () => {
    expect(scoreTest(key())).toEqual({ score: MAX_SCORE, passed: true });
    fc.assert(
      fc.property(fc.subarray(scored.map((q) => q.id)), (mistakes) => {
        const answers = key();
        for (const id of mistakes) answers[id] = wrong(scored.find((q) => q.id === id)!);
        const { score, passed } = scoreTest(answers);
        expect(score).toBe(MAX_SCORE - mistakes.length);
        expect(passed).toBe(mistakes.length <= MAX_SCORE - PASS_MARK);
        expect(answersComplete(answers)).toBe(true);
      }),
    );
  });

  it('refuses incomplete, unknown or extra answers', () => {
    const answers = key();
    expect(answersComplete(answers)).toBe(true);
    const missing = { ...answers };
    delete missing[scored[0]!.id];
    expect(answersComplete(missing)).toBe(false);
    expect(answersComplete({ ...answers, [scored[0]!.id]: 'nope' })).toBe(false);
    expect(answersComplete({ ...answers, extra: 'x' })).toBe(false);
    expect(ZAppropriatenessRequest.safeParse({ answers, netWorth: '1000', yearlyIncome: '0', commitments: '0.5' }).success).toBe(true);
    expect(ZAppropriatenessRequest.safeParse({ answers, netWorth: '-1', yearlyIncome: '0', commitments: '0' }).success).toBe(false);
    expect(ZAppropriatenessRequest.safeParse({ answers, netWorth: '1.001', yearlyIncome: '0', commitments: '0' }).success).toBe(false);
  });
});

describe('loss-bearing simulation and warnings', () => {
  it('10 % of the net worth, floored to the cent, never negative (property)', () => {
    expect(lossCapacity(10_000_000n)).toBe(1_000_000n);
    expect(lossCapacity(-5n)).toBe(0n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), (netWorth) => {
        const capacity = lossCapacity(netWorth);
        expect(capacity * 10n <= netWorth).toBe(true);
        expect((capacity + 1n) * 10n > netWorth).toBe(true);
      }),
    );
  });

  it('the hire amount is the initial amount plus twelve monthly contributions', () => {
    expect(hireAmount(50_000n, 5_000n)).toBe(110_000n);
  });

  it('warns on a failed test, above EUR 1,000 and above 5 % of the net worth, exactly at the thresholds (property)', () => {
    // EUR 1,000.00 is not above; 1,000.01 is.
    expect(riskWarnings({ passed: true, amount: 100_000n, netWorth: 10n ** 12n })).toEqual([]);
    expect(riskWarnings({ passed: true, amount: 100_001n, netWorth: 10n ** 12n })).toEqual(['aboveAmount']);
    // 5 % of 10,000.00 is 500.00: 500.00 is not above, 500.01 is.
    expect(riskWarnings({ passed: true, amount: 50_000n, netWorth: 1_000_000n })).toEqual([]);
    expect(riskWarnings({ passed: true, amount: 50_001n, netWorth: 1_000_000n })).toEqual(['aboveNetWorthShare']);
    expect(riskWarnings({ passed: false, amount: 1n, netWorth: 10n ** 12n })).toEqual(['testFailed']);
    fc.assert(
      fc.property(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 10n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), (passed, amount, netWorth) => {
        const w = riskWarnings({ passed, amount, netWorth });
        expect(w.includes('testFailed')).toBe(!passed);
        expect(w.includes('aboveAmount')).toBe(amount > 100_000n);
        // amount > netWorth × 5 / 100, compared in cents without rounding.
        expect(w.includes('aboveNetWorthShare')).toBe(amount > 0n && amount * 100n > netWorth * 5n);
      }),
    );
  });

  it('a test is valid for two calendar years', () => {
    const taken = new Date('2024-02-29T10:00:00Z');
    expect(isTestCurrent(taken, new Date('2024-02-29T10:00:00Z'))).toBe(true);
    expect(isTestCurrent(taken, new Date('2026-02-28T10:00:00Z'))).toBe(true);
    expect(isTestCurrent(taken, new Date('2026-03-01T10:00:01Z'))).toBe(false);
    expect(isTestCurrent(new Date('2023-06-01T00:00:00Z'), new Date('2025-05-31T23:59:59Z'))).toBe(true);
    expect(isTestCurrent(new Date('2023-06-01T00:00:00Z'), new Date('2025-06-01T00:00:00Z'))).toBe(false);
  });
});
