import type { TLanguage } from '../i18n/language.ts';

/**
 * The `calculator.*` messages of the calculator engine, in both languages: the schema's own
 * errors and the chart's series names and bar labels. To be registered in the shared
 * catalogue (i18n/catalogue.ts) as `calculator`, so `translateMessage` resolves them on both
 * sides. Placeholders use i18next's {{name}} syntax; `rate` is the raw percentage ("3.5"), to be
 * formatted by the caller if it wants a decimal comma.
 */
export const calculatorMessages = {
  es: {
    errors: {
      wholeNumber: 'Debe ser un número entero',
      tooManyDecimals: 'Como máximo {{max}} decimales',
      retirementBeforeCurrentAge: 'La edad de jubilación no puede ser menor que la edad actual',
    },
    chart: {
      banca: { name: 'Banco', itemLabel: 'Banco al {{rate}} %' },
      fondoInversion: { name: 'Fondo de inversión', itemLabel: 'Fondo de inversión al {{rate}} %' },
      kc: { name: 'KC', itemLabel: 'KC al {{rate}} %' },
    },
  },
  en: {
    errors: {
      wholeNumber: 'Must be a whole number',
      tooManyDecimals: 'At most {{max}} decimal places',
      retirementBeforeCurrentAge: 'The retirement age cannot be lower than the current age',
    },
    chart: {
      banca: { name: 'Bank', itemLabel: 'Bank at {{rate}}%' },
      fondoInversion: { name: 'Investment fund', itemLabel: 'Investment fund at {{rate}}%' },
      kc: { name: 'KC', itemLabel: 'KC at {{rate}}%' },
    },
  },
} as const satisfies Record<
  TLanguage,
  {
    errors: Record<string, string>;
    chart: Record<'banca' | 'fondoInversion' | 'kc', { name: string; itemLabel: string }>;
  }
>;

export type TCalculatorErrorKey = keyof (typeof calculatorMessages)['es']['errors'];

/** `calculator.errors.wholeNumber` and friends: the key as it appears in a schema's message. */
export const ckey = (key: TCalculatorErrorKey) => `calculator.errors.${key}` as const;
