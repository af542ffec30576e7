/**
 * The `market.errors.*` messages of the market's schemas, in both languages (registered in the
 * shared catalogue, i18n/catalogue.ts, so the browser and the API say the same).
 */
export const marketMessages = {
  es: {
    errors: {
      units: 'Indique un número de participaciones mayor que cero, con seis decimales como máximo (por ejemplo, 12.5)',
      price: 'Indique un precio por participación mayor que cero, con seis decimales como máximo (por ejemplo, 10.2543)',
      validityDays: 'Indique una validez de {{min}} a {{max}} días naturales',
      contract: 'Elija el contrato del que vende las participaciones',
      sort: 'Ordene por precio o por fecha',
      page: 'Indique un número de página a partir de 1',
      size: 'Indique un tamaño de página de 1 a {{max}}',
      nothingToChange: 'Cambie al menos las participaciones, el precio o la validez',
      acknowledgeKeyInformation: 'Confirme que ha leído la ficha de datos fundamentales',
      acknowledgeRiskWarning: 'Confirme que ha leído la advertencia de riesgo',
      idempotencyKey: 'Falta la cabecera Idempotency-Key (de 8 a 128 caracteres) que evita comprar dos veces',
      payoutAmount: 'Indique un importe mayor que cero, con dos decimales como máximo (por ejemplo, 250.00)',
      payoutValueDate: 'Indique la fecha valor de la transferencia (AAAA-MM-DD)',
      payoutFutureDate: 'La fecha valor no puede ser posterior a hoy',
      payoutMoreThanOwed: 'El importe no puede superar lo pendiente de pago: {{owed}}',
      payoutReference: 'Indique la referencia bancaria de la transferencia (de 1 a {{max}} caracteres)',
      payoutFilter: 'Elija «Pendientes» o «Todos»',
      payoutIdempotencyKey: 'Falta la cabecera Idempotency-Key (de 8 a 128 caracteres) que evita registrar dos veces el mismo pago',
    },
  },
  en: {
    errors: {
      units: 'Enter a number of units above zero with at most six decimals (for example, 12.5)',
      price: 'Enter a price per unit above zero with at most six decimals (for example, 10.2543)',
      validityDays: 'Enter a validity of {{min}} to {{max}} calendar days',
      contract: 'Choose the contract whose units you are selling',
      sort: 'Sort by price or by date',
      page: 'Enter a page number from 1',
      size: 'Enter a page size from 1 to {{max}}',
      nothingToChange: 'Change at least the units, the price or the validity',
      acknowledgeKeyInformation: 'Confirm that you have read the key information sheet',
      acknowledgeRiskWarning: 'Confirm that you have read the risk warning',
      idempotencyKey: 'The Idempotency-Key header (8 to 128 characters) that prevents buying twice is missing',
      payoutAmount: 'Enter an amount above zero with at most two decimals (for example, 250.00)',
      payoutValueDate: "Enter the transfer's value date (YYYY-MM-DD)",
      payoutFutureDate: 'The value date cannot be later than today',
      payoutMoreThanOwed: 'The amount cannot exceed what is owed: {{owed}}',
      payoutReference: "Enter the transfer's bank reference (1 to {{max}} characters)",
      payoutFilter: 'Choose "Owed" or "All"',
      payoutIdempotencyKey: 'The Idempotency-Key header (8 to 128 characters) that prevents recording the same payout twice is missing',
    },
  },
} as const;
