import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChangePasswordRequest,
  ZOkResponse,
  ZProblem,
  ZUserMe,
  type TUserMe,
} from '@kc/domain';
import { unauthorized } from '../../lib/app-error.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { clientOf } from '../../lib/client-device.ts';
import { auditContextOf } from '../audit/service.ts';
import { findUserWithAdvisor } from './repository.ts';
import { requireStepUp } from '../strong-auth/step-up.ts';
import { changePassword } from './service.ts';

const security = [{ bearer: [] }];
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The account page's data and its password change. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me',
    {
      onRequest: requirePermission('account.read'),
      schema: { tags: ['account'], summary: "The caller's own data and their advisor", security, response: { 200: ZUserMe, 401: ZProblem, 403: ZProblem } },
    },
    async (request): Promise<TUserMe> => {
      const u = await findUserWithAdvisor(app.db, request.companyId, request.user!.id);
      if (!u) throw unauthorized();
      return {
        id: u.id,
        email: u.email,
        firstName: u.first_name,
        lastName: u.last_name,
        phone: u.phone,
        dni: u.dni,
        dateOfBirth: u.date_of_birth,
        countryId: u.country_id,
        cityId: u.city_id,
        postalCode: u.postal_code,
        investorType: u.investor_type,
        companyName: u.company_name,
        billingAddressLine1: u.billing_address_line1,
        billingAddressLine2: u.billing_address_line2,
        billingCity: u.billing_city,
        billingState: u.billing_state,
        billingPostalCode: u.billing_postal_code,
        billingCountry: u.billing_country,
        ethereumWallet: u.ethereum_wallet,
        language: u.language,
        roles: u.roles,
        createdAt: iso(u.created_at)!,
        lastLogonAt: iso(u.last_logon_at),
        advisor: u.advisor_email
          ? { firstName: u.advisor_first_name ?? '', lastName: u.advisor_last_name ?? '', email: u.advisor_email }
          : null,
      };
    },
  );

  app.post(
    '/users/me/password',
    {
      onRequest: requirePermission('account.changePassword'),
      preHandler: requireStepUp('changePassword'),
      schema: {
        tags: ['account'],
        summary: 'Changes the password (current, new, repeat); every other session of the user is closed',
        description:
          '403 stepUpRequired without a recent second factor (when the person has one); 400 currentPasswordWrong on currentPassword (counted as a failed login); 429 emailChangeTooManyAttempts while the login limiter blocks (nothing is checked or changed). Audited as user.passwordChanged; the person is told by mail (when, from where, what to do if it was not them).',
        security,
        body: ZChangePasswordRequest,
        response: { 200: ZOkResponse, 400: ZProblem, 401: ZProblem, 403: ZProblem, 429: ZProblem },
      },
    },
    async (request) => {
      await changePassword(app, request.user!, request.tokenHash!, request.body, { client: clientOf(request), audit: auditContextOf(request) });
      return { ok: true as const };
    },
  );
};
