import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZPasskeyAuthenticationOptions,
  ZPasskeyAuthenticationOptionsRequest,
  ZPasskeyCreationOptions,
  ZPasskeyRegistrationRequest,
  ZPasskeyRegistrationResult,
  ZProblem,
} from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { hit } from '../../lib/rate-limit.ts';
import { hasCredential, requirePermission } from '../../plugins/auth.ts';
import { clientOf } from '../../lib/client-device.ts';
import { auditContextOf } from '../audit/service.ts';
import { clientAddressKey } from '../oauth/login-limiter.ts';
import { deletePasskey, finishPasskeyRegistration, startPasskeyAuthentication, startPasskeyRegistration } from './passkeys-service.ts';
import { strongAuthDepsOf } from './service.ts';
import { requireStepUp } from './step-up.ts';

const security = [{ bearer: [] }];
const tags = ['strong-auth'];

/** Challenges a client address may ask for without a session, per window (each one is a stored row). */
const OPTIONS_LIMIT = { limit: 60, windowSeconds: 5 * 60 } as const;

/**
 * Passkeys (issue 18, WebAuthn; docs/decisions/0033): register one, remove one, and the
 * challenge of a sign-in (password-less or second step) or of a step-up. The answers to
 * challenges are verified where they are used: POST /api/strong-auth/step-up (`passkey`) and
 * POST /oauth/token (the mfa grant's `passkey`, the passkey grant).
 */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => strongAuthDepsOf(app);

  app.post(
    '/strong-auth/passkeys/registration/options',
    {
      onRequest: requirePermission('strongAuth.own'),
      preHandler: requireStepUp('addSecondFactor'),
      schema: {
        tags,
        summary: 'Starts adding a passkey: the options of navigator.credentials.create (a challenge valid 5 minutes, once)',
        description: 'A user who already has a second factor needs a step-up (addSecondFactor). Passkeys the user already has are excluded.',
        security,
        response: { 200: ZPasskeyCreationOptions, 401: ZProblem, 403: ZProblem },
      },
    },
    async (request) => startPasskeyRegistration(deps(), request.user!),
  );

  app.post(
    '/strong-auth/passkeys/registration',
    {
      onRequest: requirePermission('strongAuth.own'),
      schema: {
        tags,
        summary: "Keeps the passkey the browser created; returns the recovery codes (once) when it is the user's first factor",
        description:
          '400 passkeyChallengeExpired (no live challenge of this user: start again), 400 passkeyRegistrationFailed (the answer did not verify: origin, relying party, challenge, attestation), 409 passkeyAlreadyRegistered. Stamps this session as having proved a second factor.',
        security,
        body: ZPasskeyRegistrationRequest,
        response: { 201: ZPasskeyRegistrationResult, 400: ZProblem, 401: ZProblem, 403: ZProblem, 409: ZProblem },
      },
    },
    async (request, reply) => {
      const result = await finishPasskeyRegistration(deps(), request.user!, request.tokenHash!, request.body, { client: clientOf(request), audit: auditContextOf(request) });
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/strong-auth/passkeys/:id',
    {
      onRequest: requirePermission('strongAuth.own'),
      preHandler: requireStepUp('removeSecondFactor'),
      schema: {
        tags,
        summary: 'Removes one of your passkeys (step-up removeSecondFactor); staff cannot remove their last factor (409 lastFactorRequired)',
        security,
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null().describe('Removed'), 401: ZProblem, 403: ZProblem, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request, reply) => {
      await deletePasskey(deps(), request.user!, request.params.id, { client: clientOf(request), audit: auditContextOf(request) });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/strong-auth/passkeys/authentication/options',
    {
      schema: {
        tags,
        summary: 'A challenge for a passkey: a password-less sign-in, the second step of a sign-in (mfaToken) or a step-up (bearer)',
        description:
          'Public (company-id only). With an mfaToken: that person\'s passkeys are allowed (400 mfaTokenInvalid). With a bearer and no mfaToken: the caller\'s, for POST /api/strong-auth/step-up. Without either: any discoverable passkey, for the passkey grant of POST /oauth/token. 409 passkeyNotEnrolled when the person has none; 429 rateLimited past 60 challenges in 5 minutes from one address.',
        body: ZPasskeyAuthenticationOptionsRequest,
        response: { 200: ZPasskeyAuthenticationOptions, 400: ZProblem, 401: ZProblem, 403: ZProblem, 409: ZProblem, 429: ZProblem },
      },
    },
    async (request, reply) => {
      const limited = await hit(app.db, `passkey-options:${clientAddressKey(request.ip)}`, OPTIONS_LIMIT.limit, OPTIONS_LIMIT.windowSeconds);
      if (!limited.allowed) {
        reply.header('retry-after', String(limited.retryAfterSeconds));
        throw new AppError(429, 'rateLimited', { seconds: limited.retryAfterSeconds });
      }
      const mfaToken = request.body?.mfaToken;
      // A bearer, when sent, must be valid (401 otherwise): it names whose step-up this is. A
      // session cookie names it only when it proves itself (CSRF token): a cookie left behind by an
      // ended session must not stop a password-less sign-in.
      if (mfaToken === undefined && request.headers.authorization !== undefined) await app.authenticate(request, reply);
      else if (mfaToken === undefined && hasCredential(request)) {
        try {
          await app.authenticate(request, reply);
        } catch {
          request.user = undefined;
        }
      }
      return startPasskeyAuthentication(deps(), { companyId: request.companyId, mfaToken, user: mfaToken === undefined ? request.user : undefined });
    },
  );
};
