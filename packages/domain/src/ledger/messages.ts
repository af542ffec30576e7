/**
 * The `ledger.errors.*` messages of the ledger's schemas, in both languages (registered in the
 * shared catalogue, i18n/catalogue.ts, so the browser and the API say the same).
 */
export const ledgerMessages = {
  es: {
    errors: {
      amount: 'Indique un importe mayor que cero, con dos decimales como máximo (por ejemplo, 150.00)',
      amountTooLarge: 'El importe no puede superar {{max}} €',
      price: 'Indique un valor liquidativo mayor que cero, con seis decimales como máximo (por ejemplo, 10.254300)',
      date: 'Indique una fecha válida (AAAA-MM-DD)',
      futureDate: 'La fecha valor no puede ser posterior a hoy',
      beforeContract: 'La fecha valor no puede ser anterior a la fecha de alta del contrato ({{date}})',
      reference: 'Indique la referencia de la operación (de 1 a {{max}} caracteres)',
      assetReport: 'Indique el informe de activos del que procede el valor (de 3 a {{max}} caracteres)',
      method: 'Elija el medio de pago',
      reason: 'Explique el motivo de la anulación (de 3 a {{max}} caracteres)',
    },
  },
  en: {
    errors: {
      amount: 'Enter an amount above zero with at most two decimals (for example, 150.00)',
      amountTooLarge: 'The amount cannot exceed €{{max}}',
      price: 'Enter a net asset value above zero with at most six decimals (for example, 10.254300)',
      date: 'Enter a valid date (YYYY-MM-DD)',
      futureDate: 'The value date cannot be later than today',
      beforeContract: "The value date cannot be earlier than the contract's start date ({{date}})",
      reference: 'Enter the transaction reference (1 to {{max}} characters)',
      assetReport: 'Enter the asset report the value comes from (3 to {{max}} characters)',
      method: 'Choose the payment method',
      reason: 'Explain why the entry is reversed (3 to {{max}} characters)',
    },
  },
} as const;
