/**
 * The catalogue of validation messages in both languages. The web app loads it as its
 * `validation` namespace and the API uses it to answer in the request's language, so a rule's
 * message is written once. Placeholders use i18next's {{name}} syntax.
 * Keys are added by the feature that needs them; the es/en key sets must stay identical (a test
 * checks it).
 */
export const validationMessages = {
  es: {
    required: 'Requerido',
    invalidEmail: 'Invalid email',
    invalidNumber: 'Introduzca un número',
    between: 'Debe estar entre {{min}} y {{max}}',
    min: 'Debe ser como mínimo {{min}}',
    max: 'Debe ser como máximo {{max}}',
    tooLong: 'Como máximo {{max}} caracteres',
    tooShort: 'Como mínimo {{min}} caracteres',
    mustAcceptPrivacy: 'Debe aceptar la política de privacidad',
    invalid: 'Valor no válido',
    invalidText: 'Contiene caracteres no válidos',
  },
  en: {
    required: 'Required',
    invalidEmail: 'Invalid email',
    invalidNumber: 'Enter a number',
    between: 'Must be between {{min}} and {{max}}',
    min: 'Must be at least {{min}}',
    max: 'Must be at most {{max}}',
    tooLong: 'At most {{max}} characters',
    tooShort: 'At least {{min}} characters',
    mustAcceptPrivacy: 'You must accept the privacy policy',
    invalid: 'Invalid value',
    invalidText: 'Contains invalid characters',
  },
} as const satisfies Record<'es' | 'en', Record<string, string>>;

export type TValidationKey = keyof (typeof validationMessages)['es'];

/** `validation.required` and friends: the key as it appears in a schema's message. */
export const vkey = (key: TValidationKey) => `validation.${key}` as const;
