import type { FastifyInstance } from 'fastify';
import { APPROPRIATENESS_QUESTIONS, KEY_INFO_SHEET_VERSION } from '@kc/domain';

/**
 * Investor protection for tests that hire (issue 16): the investor takes the test honestly
 * (answers from the domain's answer key) and the hire names the sheet it accepted and
 * acknowledges the warning its amounts show (2,500 EUR is above the EUR 1,000 threshold).
 */
export const passingAnswers = (): Record<string, string> =>
  Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct === '*' ? q.options[0]!.id : q.correct]));

export const failingAnswers = (): Record<string, string> =>
  Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.options.find((o) => o.id !== q.correct)!.id]));

/** The fields a hire adds once the investor read the sheet and acknowledged the warning shown. */
export const ACCEPTED = { keyInfoVersion: KEY_INFO_SHEET_VERSION, riskAcknowledged: true } as const;

/** The investor (their own headers) takes the test; answers its result. */
export async function takeTest(
  app: FastifyInstance,
  headers: Record<string, string>,
  customerId: string,
  options: { answers?: Record<string, string>; netWorth?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/customers/${customerId}/appropriateness`,
    headers,
    payload: { answers: options.answers ?? passingAnswers(), netWorth: options.netWorth ?? '250000.00', yearlyIncome: '40000.00', commitments: '6000.00' },
  });
  if (res.statusCode !== 201) throw new Error(`test not recorded: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; passed: boolean; lossCapacity: string };
}
