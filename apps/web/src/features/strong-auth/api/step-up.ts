import { apiRequest } from '../../../lib/api-client.ts';
import { strongAuthApi, ZStepUpAnswer, type TSecondFactorProof } from './strong-auth-api.ts';

/** POST /api/strong-auth/step-up: a second factor now, stamped on this session for five minutes. */
export async function stepUp(proof: TSecondFactorProof): Promise<string> {
  return ZStepUpAnswer.parse(await apiRequest<unknown>(strongAuthApi.stepUp, { method: 'POST', body: proof })).secondFactorAt;
}
