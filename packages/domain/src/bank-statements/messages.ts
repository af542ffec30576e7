/**
 * The `bankStatements.errors.*` messages (fields and lines of an import), in both languages,
 * registered in the shared catalogue so the browser and the API say the same.
 */
export const bankStatementsMessages = {
  es: {
    errors: {
      fileName: 'El nombre del fichero no puede superar 200 caracteres',
      status: 'Elija un estado válido',
      contractId: 'Indique el identificador del contrato (por ejemplo, 3f2b…)',
      reason: 'Explique por qué se descarta el movimiento (de 3 a {{max}} caracteres)',
      line: {
        date: 'Línea {{line}}: la fecha valor no es válida (use dd/mm/aaaa o aaaa-mm-dd)',
        futureDate: 'Línea {{line}}: la fecha valor es posterior a hoy',
        amount: 'Línea {{line}}: el importe no es válido (por ejemplo, 1.234,56 o 1234.56; dos decimales como máximo)',
        textTooLong: 'Línea {{line}}: la referencia o el concepto superan 500 caracteres',
        columns: 'Línea {{line}}: faltan columnas',
      },
    },
  },
  en: {
    errors: {
      fileName: 'The file name cannot exceed 200 characters',
      status: 'Choose a valid status',
      contractId: "Enter the contract's identifier (for example, 3f2b…)",
      reason: 'Explain why the transaction is dismissed (3 to {{max}} characters)',
      line: {
        date: 'Line {{line}}: the value date is not valid (use dd/mm/yyyy or yyyy-mm-dd)',
        futureDate: 'Line {{line}}: the value date is later than today',
        amount: 'Line {{line}}: the amount is not valid (for example, 1,234.56 or 1234,56; at most two decimals)',
        textTooLong: 'Line {{line}}: the reference or the description is longer than 500 characters',
        columns: 'Line {{line}}: columns are missing',
      },
    },
  },
} as const;
