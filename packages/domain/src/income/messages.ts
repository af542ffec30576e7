/**
 * The `income.errors.*` messages of the income schemas, in both languages (registered in the
 * shared catalogue, i18n/catalogue.ts, so the browser and the API say the same).
 */
export const incomeMessages = {
  es: {
    errors: {
      periodFrom: 'Indique la fecha de inicio del periodo (AAAA-MM-DD)',
      periodTo: 'Indique la fecha de fin del periodo (AAAA-MM-DD)',
      recordDate: 'Indique la fecha de registro (AAAA-MM-DD)',
      periodOrder: 'El fin del periodo no puede ser anterior a su inicio',
      recordBeforePeriodEnd: 'La fecha de registro no puede ser anterior al fin del periodo',
      futureRecordDate: 'La fecha de registro no puede ser posterior a hoy',
      amountPerUnit: 'Indique un importe por participación mayor que cero y no superior a {{max}} €, con seis decimales como máximo (por ejemplo, 0.125000)',
      description: 'Describa el reparto y el informe del que procede (de 3 a {{max}} caracteres)',
    },
  },
  en: {
    errors: {
      periodFrom: 'Enter the first day of the period (YYYY-MM-DD)',
      periodTo: 'Enter the last day of the period (YYYY-MM-DD)',
      recordDate: 'Enter the record date (YYYY-MM-DD)',
      periodOrder: 'The end of the period cannot be before its start',
      recordBeforePeriodEnd: 'The record date cannot be before the end of the period',
      futureRecordDate: 'The record date cannot be later than today',
      amountPerUnit: 'Enter an amount per unit above zero and at most €{{max}}, with at most six decimals (for example, 0.125000)',
      description: 'Describe the distribution and the report it comes from (3 to {{max}} characters)',
    },
  },
} as const;
