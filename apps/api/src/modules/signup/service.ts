import type { Kysely } from 'kysely';
import {
  SIGN_UP_CONFIRMATION_DAYS,
  TASK_TYPES,
  akey,
  paths,
  isRole,
  makeRegisterRequestSchema,
  summarizeCard,
  type TConfirmSignUpResponse,
  type TFieldError,
  type TLanguage,
  type TRegisterRequest,
  type TRegisterResponse,
} from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { hashSecret } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TMailer } from '../mail/mailer.ts';
import { isKnownCountry, type CitiesStore } from '../lookups/lookups-data.ts';
import { advisorAssignedMail, confirmationMail, welcomeMail } from './mails.ts';
import { notify } from '../notifications/service.ts';
import { convertLeadOnConfirmation } from '../leads/service.ts';
import {
  emailTaken,
  findConfirmationForUpdate,
  findLeastBusyAdvisor,
  findUserForConfirmation,
  insertCardPreference,
  insertConfirmation,
  insertEthereumPreference,
  insertUser,
  markConfirmationUsed,
  markUserConfirmed,
} from './repository.ts';
import { recordFormConsents } from '../consents/service.ts';

export interface TSignUpDeps {
  db: Kysely<Database>;
  mailer: TMailer;
  publicUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const emailTakenError = () => new AppError(409, 'emailTaken', {}, [{ field: 'email', message: akey('emailTaken') }]);
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The shared schema on today's date, plus the checks that need data: country and city exist and match. */
export async function validateRegistration(body: unknown, today: Date, cities: CitiesStore): Promise<TRegisterRequest> {
  const result = makeRegisterRequestSchema(today).safeParse(body);
  const fieldErrors: TFieldError[] = [];
  const seen = new Set<string>();
  const add = (field: string, message: string) => {
    if (seen.has(field)) return;
    seen.add(field);
    fieldErrors.push({ field, message });
  };
  if (!result.success) {
    for (const issue of result.error.issues) add(issue.path.join('.') || 'body', issue.message);
  }
  const loose = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const countryId = typeof loose['countryId'] === 'string' ? loose['countryId'].trim() : '';
  const cityId = typeof loose['cityId'] === 'string' ? loose['cityId'].trim() : '';
  const billingCountry = typeof loose['billingCountry'] === 'string' ? loose['billingCountry'].trim() : '';
  if (countryId && !seen.has('countryId') && !isKnownCountry(countryId)) add('countryId', akey('unknownCountry'));
  else if (countryId && cityId && !seen.has('cityId') && !(await cities.isCityOfCountry(cityId, countryId))) add('cityId', akey('unknownCity'));
  if (billingCountry && !seen.has('billingCountry') && !isKnownCountry(billingCountry)) add('billingCountry', akey('unknownCountry'));
  if (fieldErrors.length > 0 || !result.success) throw validationFailed(fieldErrors);
  return result.data;
}

/**
 * Creates an unconfirmed account with its payment preferences (card brand, last four and
 * expiry only; the wallet's address) and its confirmation link, and queues the mail, all in
 * one transaction. The card number and security code go no further than this function.
 */
export async function registerUser(
  deps: TSignUpDeps,
  input: TRegisterRequest,
  context: { companyId: string; language: TLanguage },
): Promise<TRegisterResponse> {
  const { db } = deps;
  const { companyId, language } = context;
  if (await emailTaken(db, companyId, input.email)) throw emailTakenError();
  const passwordHash = await hashSecret(input.password);
  const card = input.useCreditCard && input.creditCard && input.expirationDate ? summarizeCard(input.creditCard, input.expirationDate) : null;
  const token = newToken();
  const isCompany = input.investorType === 'COMPANY';
  try {
    const userId = await db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, {
        company_id: companyId,
        email: input.email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        dni: input.dni,
        date_of_birth: input.dateOfBirth,
        country_id: input.countryId,
        city_id: input.cityId,
        postal_code: input.postalCode,
        investor_type: input.investorType,
        company_name: isCompany ? (input.companyName ?? null) : null,
        company_tax_id: isCompany ? (input.companyTaxId ?? null) : null,
        billing_address_line1: input.billingAddressLine1,
        billing_address_line2: input.billingAddressLine2,
        billing_country: input.billingCountry,
        billing_state: input.billingState,
        billing_city: input.billingCity,
        billing_postal_code: input.billingPostalCode,
        ethereum_wallet: input.ethereumWallet,
        language,
        roles: [input.role],
        is_active: true,
        confirmed_at: null,
      });
      if (card) {
        await insertCardPreference(trx, { companyId, userId: id, brand: card.brand, lastFour: card.lastFour, expiry: card.expirationDate });
      }
      await insertEthereumPreference(trx, { companyId, userId: id, address: input.ethereumWallet });
      // Consent records (issue 16): the privacy policy accepted by signing up, and the marketing opt-in's choice.
      await recordFormConsents(trx, { companyId, userId: id }, [
        { purpose: 'privacyPolicy', choice: 'given', source: 'signUp' },
        { purpose: 'marketing', choice: input.acceptMarketing ? 'given' : 'refused', source: 'signUp' },
      ]);
      await insertConfirmation(trx, {
        tokenHash: hashToken(token),
        userId: id,
        companyId,
        expiresAt: new Date(Date.now() + SIGN_UP_CONFIRMATION_DAYS * DAY_MS),
      });
      const link = `${trimSlash(deps.publicUrl)}/web/user/confirm-sign-up?${new URLSearchParams({ userId: id, token }).toString()}`;
      const mail = confirmationMail(language, { firstName: input.firstName, role: input.role, link, days: SIGN_UP_CONFIRMATION_DAYS });
      await deps.mailer.enqueue(trx, { companyId, to: input.email, ...mail });
      return id;
    });
    return { id: userId, email: input.email, confirmed: false };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Confirms a registration once. A wrong link, a used one and an expired one each get their own
 * error. An investor gets the company's advisor with the fewest active clients; the person
 * (and the advisor) are told by mail.
 */
export async function confirmSignUp(
  deps: TSignUpDeps,
  params: { userId: string; token: string; companyId: string },
  requestCompanyId: string,
): Promise<TConfirmSignUpResponse> {
  const { db } = deps;
  if (!UUID.test(params.userId) || params.companyId !== requestCompanyId) throw new AppError(404, 'signUpLinkInvalid');
  return db.transaction().execute(async (trx) => {
    const confirmation = await findConfirmationForUpdate(trx, params.userId, hashToken(params.token));
    if (!confirmation || confirmation.company_id !== params.companyId) throw new AppError(404, 'signUpLinkInvalid');
    if (confirmation.used_at) throw new AppError(409, 'signUpLinkUsed');
    if (new Date(confirmation.expires_at).getTime() <= Date.now()) {
      throw new AppError(410, 'signUpLinkExpired', { days: SIGN_UP_CONFIRMATION_DAYS });
    }
    const user = await findUserForConfirmation(trx, params.userId);
    if (!user) throw new AppError(404, 'signUpLinkInvalid');
    const language: TLanguage = user.language === 'en' ? 'en' : 'es';
    const isInvestor = user.roles.filter(isRole).includes('INVESTOR');
    const advisor = isInvestor && !user.advisor_id ? await findLeastBusyAdvisor(trx, user.company_id) : undefined;
    await markConfirmationUsed(trx, confirmation.token_hash);
    await markUserConfirmed(trx, user.id, advisor?.id ?? null);
    // A live reservation of this person converts: they become the agent's client (issue 14).
    if (isInvestor) {
      await convertLeadOnConfirmation(trx, { id: user.id, companyId: user.company_id, email: user.email, firstName: user.first_name, lastName: user.last_name });
    }
    const advisorInfo = advisor ? { firstName: advisor.first_name, lastName: advisor.last_name, email: advisor.email } : null;
    const loginLink = `${trimSlash(deps.publicUrl)}/web/user/login`;
    await deps.mailer.enqueue(trx, {
      companyId: user.company_id,
      to: user.email,
      ...welcomeMail(language, { firstName: user.first_name, loginLink, advisor: advisorInfo }),
    });
    if (advisor) {
      await deps.mailer.enqueue(trx, {
        companyId: user.company_id,
        to: advisor.email,
        // About the client: their erasure blanks the advisor's copy (decision 0027).
        about: user.email,
        ...advisorAssignedMail(advisor.language === 'en' ? 'en' : 'es', {
          advisorFirstName: advisor.first_name,
          client: { firstName: user.first_name, lastName: user.last_name, email: user.email },
        }),
      });
      // A task for the advisor: welcome the new client (the advisor marks it done).
      await notify(trx, {
        companyId: user.company_id,
        userId: advisor.id,
        kind: 'task',
        key: 'accountConfirmed',
        params: { customerName: `${user.first_name} ${user.last_name}` },
        links: [{ label: 'viewClients', link: paths.advisorDashboard.href() }],
        subject: { type: 'user', id: user.id },
        taskType: TASK_TYPES.welcomeClient,
      });
    }
    return { id: user.id, confirmed: true, advisor: advisorInfo };
  });
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { eraseSignUpLinks } from './repository.ts';
