import { ZPasskeyAnswer } from '@kc/domain';
import type { TDb } from '../../db/database.ts';
import { verifyPasskeyAssertion, type TWebauthnSettings } from './passkeys-webauthn.ts';

/** A passkey assertion offered as a second factor: the challenge it answers and the browser's response. */
export interface TPasskeyProof {
  challengeId: string;
  response: unknown;
}

/**
 * Verifies a passkey assertion of `owner` offered as a second factor (step-up, the login's second
 * step; docs/decisions/0033). The answer must be well formed, answer a challenge handed out to
 * this person for a second step or a step-up (spent now, whatever the outcome), come from one of
 * their passkeys, carry a valid signature and a signature counter that grew. Any failure is
 * 'invalid': the caller counts it as a wrong code (rate limit, audit).
 */
export async function verifyPasskeyProof(
  deps: { db: TDb; webauthn: TWebauthnSettings },
  owner: { id: string; companyId: string },
  proof: TPasskeyProof,
  now: Date,
): Promise<'ok' | 'invalid' | 'unavailable'> {
  const answer = ZPasskeyAnswer.safeParse(proof);
  if (!answer.success) return 'invalid';
  const result = await verifyPasskeyAssertion(
    deps.db,
    deps.webauthn,
    { companyId: owner.companyId, challengeId: answer.data.challengeId, response: answer.data.response, purposes: ['mfa', 'stepup'], expectedUserId: owner.id },
    now,
  );
  return result.ok ? 'ok' : 'invalid';
}
