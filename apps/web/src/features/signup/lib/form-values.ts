import {
  SIGN_UP_STEP_FIELDS,
  makeRegisterRequestSchema,
  makeSignUpBillingStepSchema,
  makeSignUpPaymentStepSchema,
  makeSignUpPersonalStepSchema,
  type TInvestorType,
  type TSignUpRole,
} from '@kc/domain';

/** What the wizard holds while it is filled in; every name is the specification's field name. */
export interface TSignUpFormValues {
  email: string;
  password: string;
  repeatPassword: string;
  dni: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  countryId: string;
  cityId: string;
  postalCode: string;
  investorType: TInvestorType;
  companyName: string;
  companyTaxId: string;
  useCreditCard: boolean;
  creditCard: string;
  ccv: string;
  expirationDate: string;
  newEthereumWallet: boolean;
  ethereumWallet: string;
  billingAddressLine1: string;
  billingAddressLine2: string;
  billingCountry: string;
  billingState: string;
  billingCity: string;
  billingPostalCode: string;
  /** Opt-in to marketing communications: optional, never pre-ticked; recorded as a consent. */
  acceptMarketing: boolean;
  /** Not sent: the person says the new wallet's recovery phrase is written down. */
  walletWrittenDown: boolean;
}

export const EMPTY_SIGN_UP: TSignUpFormValues = {
  email: '',
  password: '',
  repeatPassword: '',
  dni: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  countryId: '',
  cityId: '',
  postalCode: '',
  investorType: 'PERSON',
  companyName: '',
  companyTaxId: '',
  useCreditCard: true,
  creditCard: '',
  ccv: '',
  expirationDate: '',
  newEthereumWallet: false,
  ethereumWallet: '',
  billingAddressLine1: '',
  billingAddressLine2: '',
  billingCountry: '',
  billingState: '',
  billingCity: '',
  billingPostalCode: '',
  acceptMarketing: false,
  walletWrittenDown: false,
};

export const STEP_KEYS = ['personal', 'payment', 'billing', 'confirmation'] as const;
export type TStep = 0 | 1 | 2 | 3;
export const LAST_STEP: TStep = 3;

/** The step a field belongs to (server errors open the first step that has one). */
export function stepOfField(field: string): TStep | undefined {
  if ((SIGN_UP_STEP_FIELDS.personal as readonly string[]).includes(field)) return 0;
  if ((SIGN_UP_STEP_FIELDS.payment as readonly string[]).includes(field) || field === 'walletWrittenDown') return 1;
  if ((SIGN_UP_STEP_FIELDS.billing as readonly string[]).includes(field)) return 2;
  return undefined;
}

/** The shared schema that validates a step (the last one validates everything, with the role). */
export function schemaForStep(step: TStep, today: Date) {
  switch (step) {
    case 0:
      return makeSignUpPersonalStepSchema(today);
    case 1:
      return makeSignUpPaymentStepSchema(today);
    case 2:
      return makeSignUpBillingStepSchema();
    default:
      return makeRegisterRequestSchema(today);
  }
}

/** The values as sent: fields that do not apply are null. */
export function toRegisterInput(values: TSignUpFormValues, role: TSignUpRole) {
  const { walletWrittenDown: _ignored, ...rest } = values;
  const isCompany = values.investorType === 'COMPANY';
  return {
    ...rest,
    role,
    companyName: isCompany ? values.companyName : null,
    companyTaxId: isCompany ? values.companyTaxId : null,
    creditCard: values.useCreditCard ? values.creditCard : null,
    ccv: values.useCreditCard ? values.ccv : null,
    expirationDate: values.useCreditCard ? values.expirationDate : null,
  };
}
