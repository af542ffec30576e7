/** The `investorProtection.errors.*` messages of the schemas, in both languages. */
export const investorProtectionMessages = {
  es: {
    errors: {
      amount: 'Indique un importe de 0 a {{max}} €, con dos decimales como máximo',
      answers: 'Responda a todas las preguntas del test',
    },
  },
  en: {
    errors: {
      amount: 'Enter an amount from €0 to €{{max}}, with at most two decimals',
      answers: 'Answer every question of the test',
    },
  },
} as const;
