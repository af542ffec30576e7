import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import {
  CSV_BOM,
  csvDialect,
  exportFileName,
  formatEur,
  formatPrice,
  formatUnits,
  localizeDecimal,
  parseEur,
  parsePrice,
  parseUnits,
  type TDocumentLanguage,
  type TExportDataset,
} from '@kc/domain';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { findCustomerDocumentContracts, findCustomerIncome, findCustomerPayments, sumCustomerLines } from './repository.ts';
import { readableCustomer, todayUtc } from './service.ts';

/**
 * CSV exports of a customer's contracts, payments and income (csv-stringify): UTF-8 with a byte
 * order mark, `;` and a decimal comma in Spanish, `,` and a decimal point in English, headers
 * in the reader's language, ISO dates; fields with the separator, quotes or line breaks are
 * quoted by the library (quotes doubled), as RFC 4180 and Excel expect.
 */
const HEADERS: Record<TDocumentLanguage, Record<TExportDataset, string[]>> = {
  es: {
    contracts: ['Contrato', 'Producto', 'Estado', 'Fecha de alta', 'Fecha de vencimiento', 'Aportación inicial (€)', 'Aportación mensual (€)', 'Total aportado (€)', 'Participaciones', 'Rendimientos abonados (€)'],
    payments: ['Contrato', 'Fecha valor', 'Referencia', 'Medio de pago', 'Importe (€)', 'Valor liquidativo (€)', 'Fecha del valor liquidativo', 'Participaciones', 'Anulada el'],
    income: ['Contrato', 'Fecha', 'Concepto', 'Importe (€)'],
  },
  en: {
    contracts: ['Contract', 'Product', 'State', 'Start date', 'End date', 'Initial payment (€)', 'Monthly payment (€)', 'Total paid in (€)', 'Units', 'Income credited (€)'],
    payments: ['Contract', 'Value date', 'Reference', 'Payment method', 'Amount (€)', 'Net asset value (€)', 'Net asset value date', 'Units', 'Reversed on'],
    income: ['Contract', 'Date', 'Description', 'Amount (€)'],
  },
};

const STATES: Record<TDocumentLanguage, Record<string, string>> = {
  es: { NEW: 'Nuevo', ACTIVE: 'Activo', STANDBY: 'En pausa', ARCHIVED: 'Archivado', DELETED: 'Eliminado' },
  en: { NEW: 'New', ACTIVE: 'Active', STANDBY: 'On hold', ARCHIVED: 'Archived', DELETED: 'Deleted' },
};
const METHODS: Record<TDocumentLanguage, Record<string, string>> = {
  es: { TRANSFER: 'Transferencia', DIRECT_DEBIT: 'Domiciliación bancaria', CARD: 'Tarjeta' },
  en: { TRANSFER: 'Bank transfer', DIRECT_DEBIT: 'Direct debit', CARD: 'Card' },
};

/** A text field that Excel would run as a formula (=, +, -, @ first) is prefixed with an apostrophe. */
const safeText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * A customer's CSV export. Staff downloading it (anyone but the customer) leave an audit entry
 * `document.export`, as a PDF's download leaves `document.download` (docs/decisions/0021).
 */
export async function exportCsv(
  app: FastifyInstance,
  caller: TAuthUser,
  customerId: string,
  dataset: TExportDataset,
  lang: TDocumentLanguage,
  audit: TAuditContext,
): Promise<{ fileName: string; content: string }> {
  const customer = await readableCustomer(app, caller, customerId);
  const companyId = caller.companyId;
  const num = (text: string) => localizeDecimal(text, lang);
  let rows: string[][];
  if (dataset === 'contracts') {
    const contracts = await findCustomerDocumentContracts(app.db, companyId, customer.id);
    const sums = await sumCustomerLines(app.db, companyId, contracts.map((c) => c.id));
    const sumOf = (contractId: string, account: string) => sums.find((s) => s.contract_id === contractId && s.account === account)?.total ?? '0';
    rows = contracts.map((c) => [
      c.id,
      lang === 'es' ? c.name_es : c.name_en,
      STATES[lang][c.state] ?? c.state,
      c.submission_date,
      c.expiring_date,
      num(formatEur(parseEur(c.initial_investment))),
      num(formatEur(parseEur(c.recurring_amount))),
      num(formatEur(parseEur(sumOf(c.id, 'BANK')))),
      num(formatUnits(parseUnits(sumOf(c.id, 'INVESTOR_UNITS')))),
      num(formatEur(-parseEur(sumOf(c.id, 'INCOME_PAYABLE')))),
    ]);
  } else if (dataset === 'payments') {
    const payments = await findCustomerPayments(app.db, companyId, customer.id);
    rows = payments.map((p) => [
      p.contract_id,
      p.value_date,
      safeText(p.reference),
      METHODS[lang][p.method] ?? p.method,
      num(formatEur(parseEur(p.amount))),
      num(formatPrice(parsePrice(p.price))),
      p.price_date,
      num(formatUnits(parseUnits(p.units))),
      p.reversed_on ?? '',
    ]);
  } else {
    const income = await findCustomerIncome(app.db, companyId, customer.id);
    rows = income.map((i) => [i.contract_id!, i.occurred_on, safeText(i.description), num(formatEur(-parseEur(i.amount)))]);
  }
  const { delimiter } = csvDialect(lang);
  const body = stringify([HEADERS[lang][dataset], ...rows], { delimiter, record_delimiter: 'windows' });
  const fileName = exportFileName(dataset, lang, todayUtc());
  if (caller.id !== customer.id) {
    await recordAudit(app.db, audit, {
      // The entity is the customer, so that a search of the log by customer finds the export; what
      // was exported is in the entry's `after`.
      entityType: 'user',
      entityId: customer.id,
      action: 'document.export',
      after: { customerId: customer.id, dataset, language: lang, rows: rows.length, fileName },
    });
  }
  return { fileName, content: `${CSV_BOM}${body}` };
}
