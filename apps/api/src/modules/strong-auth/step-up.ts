import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { stepUpVerdict, type TStepUpAction } from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { findTokenSecondFactor } from './repository.ts';
import './messages.ts';

/**
 * The step-up check of one action (issue 18, decision 0031): a user with a second factor must
 * have proved it in this session within STEP_UP_WINDOW_MS, else 403 `stepUpRequired` with the
 * `action`; the web app asks for the factor (POST /api/strong-auth/step-up) and sends the same
 * request again. A user without a factor passes (investors may choose not to enrol; staff
 * without one never get this far: `requirePermission` refuses them with enrolmentRequired).
 *
 * Use it after `requirePermission` (which identifies the caller):
 * `{ onRequest: requirePermission('contracts.own'), preHandler: requireStepUp('hire') }`.
 * As a preHandler it runs after the body's validation: a bad request is a 400 whatever the stamp,
 * and a refused one changes nothing.
 */
export function requireStepUp(action: TStepUpAction): preHandlerAsyncHookHandler {
  return async function checkStepUp(request: FastifyRequest) {
    const user = request.user;
    if (!user || !request.tokenHash) throw new AppError(401, 'unauthorized');
    const now = new Date();
    const cached = stepUpVerdict({ roles: [], hasSecondFactor: user.hasSecondFactor, lastSecondFactorAt: user.secondFactorAt, now });
    if (cached === 'ok') return;
    // The session may come from the cache (SESSION_CACHE_MS): a step-up made a moment ago through
    // another instance is not in it. A refusal is decided on a fresh read.
    const fresh = await findTokenSecondFactor(request.server.db, request.tokenHash);
    const secondFactorAt = fresh?.second_factor_at ? new Date(fresh.second_factor_at) : null;
    const verdict = stepUpVerdict({ roles: [], hasSecondFactor: fresh?.has_second_factor ?? false, lastSecondFactorAt: secondFactorAt, now });
    if (verdict !== 'ok') throw new AppError(403, 'stepUpRequired', {}, [], { action });
  };
}
