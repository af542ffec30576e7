import type { TLanguage } from '../i18n/language.ts';

/**
 * The `accounts.errors.*` messages of the accounts schemas, in both languages. The shared
 * catalogue (i18n/catalogue.ts) includes them, so `translateMessage` resolves
 * them on both sides. Placeholders use i18next's {{name}} syntax.
 */
export const accountsMessages = {
  es: {
    errors: {
      passwordTooShort: 'La contraseña debe tener al menos {{min}} caracteres',
      passwordMismatch: 'Las contraseñas no coinciden',
      invalidDniNie: 'El DNI o NIE no es válido',
      invalidNationalId: 'El documento de identidad debe tener entre {{min}} y {{max}} letras y números',
      invalidCif: 'El NIF de la empresa no es válido',
      invalidCompanyTaxId: 'El identificador fiscal debe tener entre {{min}} y {{max}} letras y números',
      invalidDate: 'Introduzca una fecha válida (AAAA-MM-DD)',
      underage: 'Debe tener al menos {{min}} años',
      invalidPostalCode: 'El código postal no es válido',
      invalidCardNumber: 'El número de tarjeta no es válido',
      unsupportedCardBrand: 'Tipo de tarjeta no admitido',
      ccvLength: 'El código de seguridad debe tener exactamente 3 caracteres',
      ccvDigits: 'El código de seguridad solo puede contener números',
      invalidExpiry: 'Introduzca la fecha de caducidad como MM/AA',
      cardExpired: 'La tarjeta está caducada',
      invalidEthereumAddress: 'La dirección Ethereum debe ser 0x seguido de 40 caracteres hexadecimales',
      invalidEthereumChecksum: 'La dirección Ethereum tiene mayúsculas y minúsculas que no coinciden con su suma de control (EIP-55)',
      unknownCountry: 'Elija un país de la lista',
      unknownCity: 'Elija una ciudad de la lista del país elegido',
      emailTaken: 'Ya existe una cuenta con este correo electrónico. Inicie sesión con ella',
      emailChangeTaken: 'Ya existe una cuenta con este correo electrónico. Elija otro',
      sameEmail: 'Este ya es el correo electrónico de su cuenta',
    },
  },
  en: {
    errors: {
      passwordTooShort: 'The password must be at least {{min}} characters long',
      passwordMismatch: 'The passwords do not match',
      invalidDniNie: 'Invalid DNI or NIE',
      invalidNationalId: 'The identity document must have {{min}} to {{max}} letters and digits',
      invalidCif: "Invalid company's NIF (CIF)",
      invalidCompanyTaxId: 'The tax identifier must have {{min}} to {{max}} letters and digits',
      invalidDate: 'Enter a valid date (YYYY-MM-DD)',
      underage: 'You must be at least {{min}} years old',
      invalidPostalCode: 'Invalid postal code',
      invalidCardNumber: 'Invalid card number',
      unsupportedCardBrand: 'Card type not supported',
      ccvLength: 'The security code must have exactly 3 characters',
      ccvDigits: 'The security code may contain digits only',
      invalidExpiry: 'Enter the expiry date as MM/YY',
      cardExpired: 'The card has expired',
      invalidEthereumAddress: 'The Ethereum address must be 0x followed by 40 hexadecimal characters',
      invalidEthereumChecksum: 'The Ethereum address has upper and lower case letters that do not match its checksum (EIP-55)',
      unknownCountry: 'Choose a country from the list',
      unknownCity: 'Choose a city from the list of the chosen country',
      emailTaken: 'An account with this e-mail address already exists. Please log in with it',
      emailChangeTaken: 'An account with this e-mail address already exists. Please choose another one',
      sameEmail: "This is already your account's e-mail address",
    },
  },
} as const satisfies Record<TLanguage, { errors: Record<string, string> }>;

export type TAccountsErrorKey = keyof (typeof accountsMessages)['es']['errors'];

/** `accounts.errors.ccvLength` and friends: the key as it appears in a schema's message. */
export const akey = (key: TAccountsErrorKey) => `accounts.errors.${key}` as const;

