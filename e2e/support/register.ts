import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Signs a new investor up through the API, as the sign-up page does (a valid DNI, Madrid, a test
 * card and a wallet); the confirmation then comes by mail. For journeys that start with a person
 * who is not in the demo data.
 */
export async function registerInvestor(
  request: APIRequestContext,
  person: { email: string; password: string; firstName: string; lastName: string },
  /** The sign-up route's profile (the same endpoint serves every sign-up page). */
  role: 'INVESTOR' | 'AGENT' | 'SUPPLIER' | 'OWNER' = 'INVESTOR',
): Promise<void> {
  const registered = await request.post('/api/users/register-inversor', {
    headers: { 'company-id': '1', 'accept-language': 'es' },
    data: {
      email: person.email,
      password: person.password,
      repeatPassword: person.password,
      dni: '12345678Z',
      firstName: person.firstName,
      lastName: person.lastName,
      dateOfBirth: '1985-04-12',
      countryId: 'ES',
      cityId: '3117735',
      postalCode: '28001',
      useCreditCard: true,
      creditCard: '4111 1111 1111 1111',
      ccv: '737',
      expirationDate: '12/39',
      newEthereumWallet: false,
      ethereumWallet: '0x52908400098527886E0F7030069857D2E4169EE7',
      billingAddressLine1: 'Calle Mayor 1',
      billingAddressLine2: '3º B',
      billingCountry: 'ES',
      billingState: 'Madrid',
      billingCity: 'Madrid',
      billingPostalCode: '28001',
      role,
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
}
