/**
 * The `assets.errors.*` messages of the assets' schemas (properties and plantations behind KC),
 * in both languages, registered in the shared catalogue (i18n/catalogue.ts) so the browser and
 * the API say the same.
 */
export const assetsMessages = {
  es: {
    errors: {
      text: 'Escriba entre {{min}} y {{max}} caracteres',
      money: 'Indique un importe en euros mayor que cero, con dos decimales como máximo (por ejemplo, 245000.00)',
      moneyOrZero: 'Indique un importe en euros (cero o más), con dos decimales como máximo (por ejemplo, 950.00)',
      tooLarge: 'El valor no puede superar {{max}}',
      area: 'Indique la superficie en m² mayor que cero, con dos decimales como máximo (por ejemplo, 84.50)',
      hectares: 'Indique las hectáreas, mayor que cero, con cuatro decimales como máximo (por ejemplo, 12.5000)',
      volume: 'Indique el volumen en m³ mayor que cero, con dos decimales como máximo (por ejemplo, 3400.00)',
      count: 'Indique un número entero entre {{min}} y {{max}}',
      date: 'Indique una fecha válida (AAAA-MM-DD)',
      futureDate: 'La fecha no puede ser posterior a hoy',
      kind: 'Elija el tipo de activo',
      occupancy: 'Indique si la vivienda está alquilada o vacía',
      energyRating: 'Elija la calificación energética (de A a G)',
      harvestYear: 'El año de corta previsto no puede ser anterior al año de plantación',
      valuationBeforeAcquisition: 'La fecha de la tasación no puede ser anterior a la de adquisición',
      rentWhenVacant: 'Una vivienda vacía no tiene renta mensual: indique 0',
      photoUrl: 'Indique la dirección de la imagen en este sitio: una ruta que empieza por / (por ejemplo, /web/img/assets/fachada.jpg)',
      photos: 'Añada como máximo {{max}} fotografías',
    },
  },
  en: {
    errors: {
      text: 'Write between {{min}} and {{max}} characters',
      money: 'Enter an amount in euros above zero with at most two decimals (for example, 245000.00)',
      moneyOrZero: 'Enter an amount in euros (zero or more) with at most two decimals (for example, 950.00)',
      tooLarge: 'The value cannot exceed {{max}}',
      area: 'Enter the area in m² above zero with at most two decimals (for example, 84.50)',
      hectares: 'Enter the hectares, above zero, with at most four decimals (for example, 12.5000)',
      volume: 'Enter the volume in m³ above zero with at most two decimals (for example, 3400.00)',
      count: 'Enter a whole number from {{min}} to {{max}}',
      date: 'Enter a valid date (YYYY-MM-DD)',
      futureDate: 'The date cannot be later than today',
      kind: 'Choose the kind of asset',
      occupancy: 'Say whether the home is rented or vacant',
      energyRating: 'Choose the energy rating (A to G)',
      harvestYear: 'The expected harvest year cannot be before the planting year',
      valuationBeforeAcquisition: 'The valuation date cannot be before the acquisition date',
      rentWhenVacant: 'A vacant home has no monthly rent: enter 0',
      photoUrl: 'Enter the address of the image on this site: a path starting with / (for example, /web/img/assets/front.jpg)',
      photos: 'Add at most {{max}} photos',
    },
  },
} as const;
