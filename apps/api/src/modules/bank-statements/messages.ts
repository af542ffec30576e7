import { addApiMessages } from '../../lib/messages.ts';

/** What the bank statement import may answer, in both languages. */
addApiMessages({
  es: {
    statementEmpty: { title: 'Extracto vacío', detail: 'El fichero no contiene movimientos. Descargue de nuevo el extracto de su banco en formato CSV.' },
    statementNotCsv: {
      title: 'El fichero no es un CSV',
      detail: 'No se ha podido leer el fichero como CSV de texto (UTF-8, columnas separadas por punto y coma o por comas). Exporte el extracto desde su banca en línea en formato CSV.',
    },
    statementTooLarge: { title: 'Extracto demasiado grande', detail: 'El fichero supera el tamaño máximo de {{max}}. Divida el extracto por fechas.' },
    statementTooManyLines: { title: 'Demasiados movimientos', detail: 'Un extracto puede tener como máximo {{max}} movimientos. Divida el extracto por fechas.' },
    statementMissingColumn: {
      title: 'Falta una columna',
      detail: 'La primera fila del extracto debe nombrar las columnas: fecha valor, importe, referencia y, si se desea, concepto. Falta la columna «{{column}}».',
    },
    statementDuplicateColumn: { title: 'Columna repetida', detail: 'La columna «{{column}}» aparece dos veces en la primera fila del extracto.' },
    statementBadLines: {
      title: 'Extracto con errores',
      detail: 'Hay {{count}} movimientos que no se pueden leer; no se ha registrado ninguno. Corrija las líneas indicadas y vuelva a importar el fichero.',
    },
    statementLineNotFound: { title: 'Movimiento no encontrado', detail: 'El movimiento no existe o no tiene acceso a él.' },
    statementLineResolved: { title: 'Movimiento ya resuelto', detail: 'Este movimiento ya está resuelto (estado {{status}}).' },
  },
  en: {
    statementEmpty: { title: 'Empty statement', detail: 'The file holds no transactions. Download the statement from your bank again as CSV.' },
    statementNotCsv: {
      title: 'The file is not a CSV',
      detail: 'The file could not be read as a CSV text file (UTF-8, columns separated by semicolons or commas). Export the statement from your online banking as CSV.',
    },
    statementTooLarge: { title: 'Statement too large', detail: 'The file is larger than the {{max}} limit. Split the statement by dates.' },
    statementTooManyLines: { title: 'Too many transactions', detail: 'A statement can hold at most {{max}} transactions. Split the statement by dates.' },
    statementMissingColumn: {
      title: 'A column is missing',
      detail: "The statement's first row must name its columns: value date, amount, reference and, optionally, description. The “{{column}}” column is missing.",
    },
    statementDuplicateColumn: { title: 'Column repeated', detail: "The “{{column}}” column appears twice in the statement's first row." },
    statementBadLines: {
      title: 'Statement with errors',
      detail: '{{count}} transactions cannot be read, so none has been recorded. Correct the lines listed and import the file again.',
    },
    statementLineNotFound: { title: 'Transaction not found', detail: 'The transaction does not exist or you have no access to it.' },
    statementLineResolved: { title: 'Transaction already resolved', detail: 'This transaction is already resolved (status {{status}}).' },
  },
});
