import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  SIGN_UP_STEP_FIELDS,
  ZLoginRequest,
  ZSignUpBillingStep,
  makeRegisterRequestSchema,
  makeSignUpBillingStepSchema,
  makeSignUpPaymentStepSchema,
  makeSignUpPersonalStepSchema,
  type TRegisterRequest,
  type TRegisterRequestInput,
} from '../../src/accounts/schemas.ts';

const TODAY = '2026-05-15';

/** [path, message] of every issue, in order; [] when the input is valid. */
function issuesOf(schema: z.ZodType, input: unknown): [string, string][] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

const personal = {
  email: 'ana.lopez@example.com',
  password: 'correct horse',
  repeatPassword: 'correct horse',
  dni: '12345678Z',
  firstName: 'Ana',
  lastName: 'López García',
  dateOfBirth: '1990-03-20',
  countryId: 'ES',
  cityId: '28079',
  postalCode: '28001',
  investorType: 'PERSON',
};

const payment = {
  useCreditCard: true,
  creditCard: '4111 1111 1111 1111',
  ccv: '123',
  expirationDate: '05/26',
  newEthereumWallet: false,
  ethereumWallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
};

const billing = {
  billingAddressLine1: 'Calle Mayor 1',
  billingAddressLine2: '2º B',
  billingCountry: 'ES',
  billingState: 'Madrid',
  billingCity: 'Madrid',
  billingPostalCode: '28013',
};

const register: TRegisterRequestInput = { ...personal, ...payment, ...billing, role: 'INVESTOR' } as TRegisterRequestInput;

const personalStep = makeSignUpPersonalStepSchema(TODAY);
const paymentStep = makeSignUpPaymentStepSchema(TODAY);
const registerSchema = makeRegisterRequestSchema(TODAY);

describe('ZLoginRequest', () => {
  it('accepts an email and a password, normalising the email', () => {
    expect(ZLoginRequest.parse({ email: '  Ana@Example.COM ', password: ' any ' })).toEqual({
      email: 'ana@example.com',
      password: ' any ',
    });
  });

  it('requires both fields', () => {
    expect(issuesOf(ZLoginRequest, {})).toEqual([
      ['email', 'validation.required'],
      ['password', 'validation.required'],
    ]);
    expect(issuesOf(ZLoginRequest, { email: '   ', password: '' })).toEqual([
      ['email', 'validation.required'],
      ['password', 'validation.required'],
    ]);
    expect(issuesOf(ZLoginRequest, { email: null, password: null })).toEqual([
      ['email', 'validation.required'],
      ['password', 'validation.required'],
    ]);
  });

  it('checks the email pattern', () => {
    for (const email of ['ana', 'ana@', '@example.com', 'ana@example', 'ana example@example.com', 'ana@@example.com']) {
      expect(issuesOf(ZLoginRequest, { email, password: 'x' })).toEqual([['email', 'validation.invalidEmail']]);
    }
    expect(issuesOf(ZLoginRequest, { email: 'ana.lopez+kc@sub.example.es', password: 'x' })).toEqual([]);
  });

  it('bounds the lengths and refuses other types', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(issuesOf(ZLoginRequest, { email: long, password: 'x'.repeat(129) })).toEqual([
      ['email', 'validation.tooLong|max=254'],
      ['password', 'validation.tooLong|max=128'],
    ]);
    expect(issuesOf(ZLoginRequest, { email: 5, password: true })).toEqual([
      ['email', 'validation.invalid'],
      ['password', 'validation.invalid'],
    ]);
  });
});

describe('sign-up, step 0: personal information', () => {
  it('accepts a complete step and normalises it', () => {
    const parsed = personalStep.parse({ ...personal, email: ' Ana.Lopez@Example.com', dni: '12.345.678-z', firstName: ' Ana ' });
    expect(parsed).toEqual({ ...personal, email: 'ana.lopez@example.com', dni: '12345678Z', firstName: 'Ana' });
  });

  it('requires every field', () => {
    expect(issuesOf(personalStep, {})).toEqual(
      [
        'email',
        'password',
        'repeatPassword',
        'dni',
        'firstName',
        'lastName',
        'dateOfBirth',
        'countryId',
        'cityId',
        'postalCode',
      ].map((field) => [field, 'validation.required']),
    );
  });

  it.each(Object.keys(personal))('%s: blank is required', (field) => {
    // text is trimmed first, except passwords (spaces are part of a password)
    const blank = ['investorType', 'password', 'repeatPassword'].includes(field) ? '' : '   ';
    const input = { ...personal, [field]: blank, ...(field === 'password' ? { repeatPassword: '' } : {}) };
    expect(issuesOf(personalStep, input)).toEqual(
      field === 'password'
        ? [
            ['password', 'validation.required'],
            ['repeatPassword', 'validation.required'],
          ]
        : [[field, 'validation.required']],
    );
  });

  it('a password of spaces is not trimmed away', () => {
    expect(issuesOf(personalStep, { ...personal, password: '   ', repeatPassword: '   ' })).toEqual([
      ['password', 'accounts.errors.passwordTooShort|min=10'],
    ]);
  });

  it('email', () => {
    expect(issuesOf(personalStep, { ...personal, email: 'ana@' })).toEqual([['email', 'validation.invalidEmail']]);
  });

  it('password: 10 to 128 characters', () => {
    const pw = (password: string) => ({ ...personal, password, repeatPassword: password });
    expect(issuesOf(personalStep, pw('a'.repeat(9)))).toEqual([['password', 'accounts.errors.passwordTooShort|min=10']]);
    expect(issuesOf(personalStep, pw('a'.repeat(10)))).toEqual([]);
    expect(issuesOf(personalStep, pw('a'.repeat(128)))).toEqual([]);
    expect(issuesOf(personalStep, pw('a'.repeat(129)))).toEqual([['password', 'validation.tooLong|max=128']]);
    expect(personalStep.parse(pw('  spaces kept  ')).password).toBe('  spaces kept  ');
  });

  it('repeatPassword must equal the password (message on repeatPassword)', () => {
    expect(issuesOf(personalStep, { ...personal, repeatPassword: 'correct horsE' })).toEqual([
      ['repeatPassword', 'accounts.errors.passwordMismatch'],
    ]);
    expect(issuesOf(personalStep, { ...personal, password: 'short', repeatPassword: 'other' })).toEqual([
      ['password', 'accounts.errors.passwordTooShort|min=10'],
      ['repeatPassword', 'accounts.errors.passwordMismatch'],
    ]);
    // an empty repeat field only says it is required
    expect(issuesOf(personalStep, { ...personal, repeatPassword: '' })).toEqual([['repeatPassword', 'validation.required']]);
  });

  it('the mismatch shows even when other fields are missing', () => {
    expect(issuesOf(personalStep, { password: 'correct horse', repeatPassword: 'battery staple' })).toContainEqual([
      'repeatPassword',
      'accounts.errors.passwordMismatch',
    ]);
  });

  describe('dni depends on the country', () => {
    it('Spain: a DNI or NIE with its check letter', () => {
      expect(issuesOf(personalStep, { ...personal, dni: '12345678A' })).toEqual([['dni', 'accounts.errors.invalidDniNie']]);
      expect(issuesOf(personalStep, { ...personal, dni: 'AB123456' })).toEqual([['dni', 'accounts.errors.invalidDniNie']]);
      expect(issuesOf(personalStep, { ...personal, dni: 'X1234567L' })).toEqual([]);
      expect(personalStep.parse({ ...personal, dni: 'x-1234567-l' }).dni).toBe('X1234567L');
      expect(issuesOf(personalStep, { ...personal, countryId: 'es', dni: '12345678A' })).toEqual([
        ['dni', 'accounts.errors.invalidDniNie'],
      ]);
    });

    it('elsewhere: 4 to 20 letters and digits', () => {
      const pt = { ...personal, countryId: 'PT', postalCode: '1000-001' };
      expect(issuesOf(personalStep, { ...pt, dni: '12345678A' })).toEqual([]);
      expect(issuesOf(personalStep, { ...pt, dni: 'AB12' })).toEqual([]);
      expect(issuesOf(personalStep, { ...pt, dni: 'AB1' })).toEqual([['dni', 'accounts.errors.invalidNationalId|min=4&max=20']]);
      expect(issuesOf(personalStep, { ...pt, dni: 'A'.repeat(21) })).toEqual([
        ['dni', 'accounts.errors.invalidNationalId|min=4&max=20'],
      ]);
      expect(issuesOf(personalStep, { ...pt, dni: 'AB12/34' })).toEqual([
        ['dni', 'accounts.errors.invalidNationalId|min=4&max=20'],
      ]);
    });

    it('uses the given spainCountryId', () => {
      const schema = makeSignUpPersonalStepSchema(TODAY, { spainCountryId: '724' });
      expect(issuesOf(schema, { ...personal, countryId: 'ES', dni: 'AB1234' })).toEqual([]);
      expect(issuesOf(schema, { ...personal, countryId: '724', dni: 'AB1234' })).toEqual([
        ['dni', 'accounts.errors.invalidDniNie'],
      ]);
    });

    it('without a country, the general rule applies', () => {
      expect(issuesOf(personalStep, { ...personal, countryId: '', dni: 'AB' })).toEqual([
        ['countryId', 'validation.required'],
        ['dni', 'accounts.errors.invalidNationalId|min=4&max=20'],
      ]);
    });
  });

  it('names: at most 100 characters', () => {
    expect(issuesOf(personalStep, { ...personal, firstName: 'a'.repeat(101), lastName: 'b'.repeat(100) })).toEqual([
      ['firstName', 'validation.tooLong|max=100'],
    ]);
  });

  describe('dateOfBirth', () => {
    it('must be a real YYYY-MM-DD date', () => {
      for (const dateOfBirth of ['20/03/1990', '1990-02-30', '1990-3-20', 'yesterday']) {
        expect(issuesOf(personalStep, { ...personal, dateOfBirth })).toEqual([['dateOfBirth', 'accounts.errors.invalidDate']]);
      }
    });

    it('18 today is enough, one day short is not', () => {
      expect(issuesOf(personalStep, { ...personal, dateOfBirth: '2008-05-15' })).toEqual([]);
      expect(issuesOf(personalStep, { ...personal, dateOfBirth: '2008-05-16' })).toEqual([
        ['dateOfBirth', 'accounts.errors.underage|min=18'],
      ]);
      expect(issuesOf(personalStep, { ...personal, dateOfBirth: '2030-01-01' })).toEqual([
        ['dateOfBirth', 'accounts.errors.underage|min=18'],
      ]);
    });

    it('a birth date over 120 years ago is a mistake', () => {
      expect(issuesOf(personalStep, { ...personal, dateOfBirth: '1905-05-16' })).toEqual([]); // 120
      expect(issuesOf(personalStep, { ...personal, dateOfBirth: '1905-05-15' })).toEqual([ // 121
        ['dateOfBirth', 'accounts.errors.invalidDate'],
      ]);
    });

    it('takes today from the factory (Date or string)', () => {
      const dayBefore = makeSignUpPersonalStepSchema(new Date('2026-05-14T23:59:59Z'));
      expect(issuesOf(dayBefore, { ...personal, dateOfBirth: '2008-05-15' })).toEqual([
        ['dateOfBirth', 'accounts.errors.underage|min=18'],
      ]);
      expect(() => makeSignUpPersonalStepSchema('not a date')).toThrow(RangeError);
    });
  });

  it('countryId and cityId: at most 64 characters', () => {
    expect(issuesOf(personalStep, { ...personal, cityId: 'c'.repeat(65) })).toEqual([['cityId', 'validation.tooLong|max=64']]);
  });

  it('postalCode depends on the country', () => {
    expect(issuesOf(personalStep, { ...personal, postalCode: '99999' })).toEqual([['postalCode', 'accounts.errors.invalidPostalCode']]);
    expect(issuesOf(personalStep, { ...personal, postalCode: '2800' })).toEqual([['postalCode', 'accounts.errors.invalidPostalCode']]);
    const gb = { ...personal, countryId: 'GB', dni: 'AB123456' };
    expect(personalStep.parse({ ...gb, postalCode: ' sw1a  1aa ' }).postalCode).toBe('SW1A 1AA');
    expect(issuesOf(personalStep, { ...gb, postalCode: '#1' })).toEqual([['postalCode', 'accounts.errors.invalidPostalCode']]);
  });

  describe('investorType and the company', () => {
    it('is PERSON or COMPANY', () => {
      expect(issuesOf(personalStep, { ...personal, investorType: 'person' })).toEqual([['investorType', 'validation.invalid']]);
      // The specification's clients send no investorType: that is a PERSON (issue 13).
      const { investorType: _, ...rest } = personal;
      expect(issuesOf(personalStep, rest)).toEqual([]);
      expect(personalStep.parse(rest).investorType).toBe('PERSON');
    });

    it('a PERSON needs no company data, whatever is in it', () => {
      expect(issuesOf(personalStep, { ...personal, companyName: '', companyTaxId: 'junk!' })).toEqual([]);
      expect(issuesOf(personalStep, { ...personal, companyName: null, companyTaxId: null })).toEqual([]);
    });

    it('a COMPANY needs its name and tax id', () => {
      expect(issuesOf(personalStep, { ...personal, investorType: 'COMPANY' })).toEqual([
        ['companyName', 'validation.required'],
        ['companyTaxId', 'validation.required'],
      ]);
      expect(issuesOf(personalStep, { ...personal, investorType: 'COMPANY', companyName: '  ', companyTaxId: ' - ' })).toEqual([
        ['companyName', 'validation.required'],
        ['companyTaxId', 'validation.required'],
      ]);
      expect(issuesOf(personalStep, { ...personal, investorType: 'COMPANY', companyName: 'x'.repeat(201), companyTaxId: 'B12345674' })).toEqual([
        ['companyName', 'validation.tooLong|max=200'],
      ]);
    });

    it('in Spain the tax id is an entity NIF (CIF) with its control', () => {
      const company = { ...personal, investorType: 'COMPANY', companyName: 'Maderas del Norte, S.L.' };
      expect(personalStep.parse({ ...company, companyTaxId: 'b-1234567-4' })).toMatchObject({
        companyName: 'Maderas del Norte, S.L.',
        companyTaxId: 'B12345674',
      });
      expect(issuesOf(personalStep, { ...company, companyTaxId: 'B12345675' })).toEqual([['companyTaxId', 'accounts.errors.invalidCif']]);
      expect(issuesOf(personalStep, { ...company, companyTaxId: '12345678Z' })).toEqual([['companyTaxId', 'accounts.errors.invalidCif']]);
      expect(issuesOf(personalStep, { ...company, companyTaxId: 'Q2826000H' })).toEqual([]);
    });

    it('elsewhere the tax id is 4 to 20 letters and digits', () => {
      const company = { ...personal, countryId: 'FR', dni: 'AB123456', postalCode: '75001', investorType: 'COMPANY', companyName: 'Bois SARL' };
      expect(issuesOf(personalStep, { ...company, companyTaxId: 'FR 40 303 265 045' })).toEqual([]);
      expect(issuesOf(personalStep, { ...company, companyTaxId: 'B12' })).toEqual([
        ['companyTaxId', 'accounts.errors.invalidCompanyTaxId|min=4&max=20'],
      ]);
    });

    it('refuses a company field of the wrong type once', () => {
      expect(issuesOf(personalStep, { ...personal, investorType: 'COMPANY', companyName: 42, companyTaxId: 'B12345674' })).toEqual([
        ['companyName', 'validation.invalid'],
      ]);
    });
  });
});

describe('sign-up, step 1: payment information', () => {
  it('accepts a card and a wallet, normalising both', () => {
    expect(paymentStep.parse({ ...payment, ethereumWallet: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' })).toEqual({
      ...payment,
      creditCard: '4111111111111111',
      ethereumWallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
  });

  it('requires the two choices and the wallet', () => {
    expect(issuesOf(paymentStep, {})).toEqual([
      ['useCreditCard', 'validation.required'],
      ['newEthereumWallet', 'validation.required'],
      ['ethereumWallet', 'validation.required'],
    ]);
    expect(issuesOf(paymentStep, { ...payment, useCreditCard: 'yes', newEthereumWallet: 1 })).toEqual([
      ['useCreditCard', 'validation.invalid'],
      ['newEthereumWallet', 'validation.invalid'],
    ]);
  });

  it('without a card, the card fields are not needed nor checked', () => {
    expect(issuesOf(paymentStep, { useCreditCard: false, newEthereumWallet: true, ethereumWallet: payment.ethereumWallet })).toEqual([]);
    expect(issuesOf(paymentStep, { ...payment, useCreditCard: false, creditCard: '123', ccv: '1', expirationDate: '01/20' })).toEqual([]);
  });

  it('with a card, number, ccv and expiry are required', () => {
    expect(issuesOf(paymentStep, { ...payment, creditCard: undefined, ccv: '', expirationDate: null })).toEqual([
      ['creditCard', 'validation.required'],
      ['ccv', 'validation.required'],
      ['expirationDate', 'validation.required'],
    ]);
  });

  it('creditCard: Luhn, brand and the brand length', () => {
    const card = (creditCard: string) => issuesOf(paymentStep, { ...payment, creditCard });
    expect(card('4111111111111112')).toEqual([['creditCard', 'accounts.errors.invalidCardNumber']]);
    expect(card('4111 1111 1111 111')).toEqual([['creditCard', 'accounts.errors.invalidCardNumber']]);
    expect(card('4111-1111-1111-111a')).toEqual([['creditCard', 'accounts.errors.invalidCardNumber']]);
    expect(card('9999999999999995')).toEqual([['creditCard', 'accounts.errors.unsupportedCardBrand']]);
    expect(card('3782822463100005')).toEqual([['creditCard', 'accounts.errors.invalidCardNumber']]);
    for (const ok of ['5555555555554444', '378282246310005', '6011111111111117', '3530111333300000', '6200000000000005']) {
      expect(card(ok)).toEqual([]);
    }
  });

  it('ccv: exactly 3 digits', () => {
    const ccv = (value: string) => issuesOf(paymentStep, { ...payment, ccv: value });
    expect(ccv('12')).toEqual([['ccv', 'accounts.errors.ccvLength']]);
    expect(ccv('1234')).toEqual([['ccv', 'accounts.errors.ccvLength']]);
    expect(ccv('12a')).toEqual([['ccv', 'accounts.errors.ccvDigits']]);
    expect(ccv(' 123 ')).toEqual([]);
    expect(ccv('000')).toEqual([]);
  });

  it('expirationDate: MM/YY, valid through the last day of its month', () => {
    const expiry = (expirationDate: string, today = TODAY) =>
      issuesOf(makeSignUpPaymentStepSchema(today), { ...payment, expirationDate });
    expect(expiry('13/26')).toEqual([['expirationDate', 'accounts.errors.invalidExpiry']]);
    expect(expiry('2026-05')).toEqual([['expirationDate', 'accounts.errors.invalidExpiry']]);
    expect(expiry('04/26')).toEqual([['expirationDate', 'accounts.errors.cardExpired']]);
    expect(expiry('05/26', '2026-05-31')).toEqual([]);
    expect(expiry('05/26', '2026-06-01')).toEqual([['expirationDate', 'accounts.errors.cardExpired']]);
    expect(expiry('05 / 26')).toEqual([]);
    expect(paymentStep.parse({ ...payment, expirationDate: '05 / 26' }).expirationDate).toBe('05/26');
  });

  it('ethereumWallet: 0x + 40 hex digits, EIP-55 when mixed-case, whether new or not', () => {
    const wallet = (ethereumWallet: string, newEthereumWallet = false) =>
      issuesOf(paymentStep, { ...payment, ethereumWallet, newEthereumWallet });
    expect(wallet('0x123')).toEqual([['ethereumWallet', 'accounts.errors.invalidEthereumAddress']]);
    expect(wallet('0x123', true)).toEqual([['ethereumWallet', 'accounts.errors.invalidEthereumAddress']]);
    expect(wallet('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toEqual([
      ['ethereumWallet', 'accounts.errors.invalidEthereumChecksum'],
    ]);
    expect(wallet(' 0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359 ', true)).toEqual([]);
    expect(wallet('')).toEqual([['ethereumWallet', 'validation.required']]);
  });
});

describe('sign-up, step 2: billing data', () => {
  it('accepts the six fields', () => {
    expect(ZSignUpBillingStep.parse(billing)).toEqual(billing);
  });

  it('requires all six', () => {
    expect(issuesOf(ZSignUpBillingStep, {})).toEqual(Object.keys(billing).map((field) => [field, 'validation.required']));
    expect(issuesOf(ZSignUpBillingStep, { ...billing, billingAddressLine2: ' ' })).toEqual([
      ['billingAddressLine2', 'validation.required'],
    ]);
  });

  it('bounds the lengths', () => {
    expect(issuesOf(ZSignUpBillingStep, { ...billing, billingAddressLine1: 'x'.repeat(201), billingCity: 'y'.repeat(101) })).toEqual([
      ['billingAddressLine1', 'validation.tooLong|max=200'],
      ['billingCity', 'validation.tooLong|max=100'],
    ]);
  });

  it('checks the postal code against the billing country', () => {
    expect(issuesOf(ZSignUpBillingStep, { ...billing, billingPostalCode: '60000' })).toEqual([
      ['billingPostalCode', 'accounts.errors.invalidPostalCode'],
    ]);
    expect(issuesOf(ZSignUpBillingStep, { ...billing, billingCountry: 'DE', billingPostalCode: '60000' })).toEqual([]);
    expect(issuesOf(makeSignUpBillingStepSchema({ spainCountryId: '724' }), { ...billing, billingPostalCode: '60000' })).toEqual([]);
  });
});

describe('makeRegisterRequestSchema', () => {
  it('accepts the whole registration and strips unknown fields', () => {
    const parsed: TRegisterRequest = registerSchema.parse({ ...register, isAdmin: true });
    // The marketing opt-in (issue 16, consents) is never pre-ticked: absent means not given.
    expect(parsed).toEqual({ ...register, creditCard: '4111111111111111', acceptMarketing: false });
    expect('isAdmin' in parsed).toBe(false);
    expect(registerSchema.parse({ ...register, acceptMarketing: true }).acceptMarketing).toBe(true);
    expect(registerSchema.safeParse({ ...register, acceptMarketing: 'yes' }).success).toBe(false);
  });

  it('requires a sign-up role', () => {
    const { role: _, ...rest } = register;
    expect(issuesOf(registerSchema, rest)).toEqual([['role', 'validation.required']]);
    expect(issuesOf(registerSchema, { ...register, role: 'ADMIN' })).toEqual([['role', 'validation.invalid']]);
    for (const role of ['INVESTOR', 'AGENT', 'SUPPLIER', 'OWNER']) {
      expect(issuesOf(registerSchema, { ...register, role })).toEqual([]);
    }
  });

  it('reports every field of every step at once, each on its own path', () => {
    expect(issuesOf(registerSchema, {})).toEqual(
      [
        ...Object.keys(personal).filter((field) => field !== 'investorType'),
        'useCreditCard',
        'newEthereumWallet',
        'ethereumWallet',
        ...Object.keys(billing),
        'role',
      ].map((field) => [field, 'validation.required']),
    );
  });

  it('applies every cross-field rule on the right path', () => {
    expect(
      issuesOf(registerSchema, {
        ...register,
        repeatPassword: 'different pass',
        dateOfBirth: '2008-05-16',
        dni: '12345678A',
        postalCode: '60000',
        investorType: 'COMPANY',
        companyName: 'Maderas, S.L.',
        companyTaxId: 'B12345675',
        ccv: '12',
        expirationDate: '04/26',
        creditCard: '4111111111111112',
        billingPostalCode: '00000',
      }),
    ).toEqual([
      ['dateOfBirth', 'accounts.errors.underage|min=18'],
      ['repeatPassword', 'accounts.errors.passwordMismatch'],
      ['dni', 'accounts.errors.invalidDniNie'],
      ['postalCode', 'accounts.errors.invalidPostalCode'],
      ['companyTaxId', 'accounts.errors.invalidCif'],
      ['creditCard', 'accounts.errors.invalidCardNumber'],
      ['ccv', 'accounts.errors.ccvLength'],
      ['expirationDate', 'accounts.errors.cardExpired'],
      ['billingPostalCode', 'accounts.errors.invalidPostalCode'],
    ]);
  });

  it('takes the Spain id as an option', () => {
    const schema = makeRegisterRequestSchema(TODAY, { spainCountryId: 'ESP' });
    expect(issuesOf(schema, register)).toEqual([]); // 'ES' is now just another country
    expect(issuesOf(schema, { ...register, countryId: 'ESP', dni: 'AB1234' })).toEqual([['dni', 'accounts.errors.invalidDniNie']]);
  });

  it('its fields are exactly the three steps, the role and the marketing opt-in', () => {
    expect(SIGN_UP_STEP_FIELDS.personal).toEqual([...Object.keys(personal), 'companyName', 'companyTaxId']);
    expect(SIGN_UP_STEP_FIELDS.payment).toEqual(Object.keys(payment));
    expect(SIGN_UP_STEP_FIELDS.billing).toEqual(Object.keys(billing));
    expect(Object.keys(registerSchema.shape)).toEqual([
      ...SIGN_UP_STEP_FIELDS.personal,
      ...SIGN_UP_STEP_FIELDS.payment,
      ...SIGN_UP_STEP_FIELDS.billing,
      'role',
      'acceptMarketing',
    ]);
  });

  it('a registration valid for the server passes each browser step too', () => {
    expect(issuesOf(personalStep, register)).toEqual([]);
    expect(issuesOf(paymentStep, register)).toEqual([]);
    expect(issuesOf(ZSignUpBillingStep, register)).toEqual([]);
  });

  it('property: never throws, whatever arrives', () => {
    const fieldValue = fc.oneof(fc.string({ maxLength: 30 }), fc.boolean(), fc.integer(), fc.constant(null), fc.constant(undefined), fc.object());
    const keys = [...Object.keys(register), 'companyName', 'companyTaxId'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), fieldValue), fc.anything(), (fields, anything) => {
        expect(() => registerSchema.safeParse({ ...register, ...fields })).not.toThrow();
        expect(() => registerSchema.safeParse(anything)).not.toThrow();
        const result = registerSchema.safeParse({ ...register, ...fields });
        if (!result.success) {
          for (const issue of result.error.issues) {
            expect(issue.path).toHaveLength(1);
            expect(issue.message).toMatch(/^(validation|accounts\.errors)\.[A-Za-z]+(\|.*)?$/);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: every field has at most one message', () => {
    const text = fc.string({ maxLength: 25 });
    fc.assert(
      fc.property(fc.record({ dni: text, ccv: text, creditCard: text, expirationDate: text, ethereumWallet: text, postalCode: text, dateOfBirth: text, companyTaxId: text }), (fields) => {
        const result = registerSchema.safeParse({ ...register, investorType: 'COMPANY', companyName: 'X', ...fields });
        const paths = result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
        expect(new Set(paths).size).toBe(paths.length);
      }),
      { numRuns: 300 },
    );
  });
});
