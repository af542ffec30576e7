import {
  formatEur,
  formatPrice,
  formatUnits,
  paymentSchedule,
  parseEur,
  parsePrice as parsePriceText,
  parseUnits as parseUnitsText,
  type TDocumentLanguage,
  type TStatementFigures,
} from '@kc/domain';
import type { TDocumentContract, TDocumentCustomer, TDocumentPayment } from './repository.ts';
import type { TPdfBlock, TPdfModel } from './pdf.ts';
import { DOCUMENT_TEXTS, fill } from './texts.ts';
import { formatDateText, formatDecimal, formatMoneyText } from './format.ts';

/** The documents as data (TPdfModel): what each one shows, in the reader's language. */
const shortId = (id: string) => id.slice(0, 8).toUpperCase();
const productName = (c: Pick<TDocumentContract, 'name_es' | 'name_en'>, lang: TDocumentLanguage) => (lang === 'es' ? c.name_es : c.name_en);
const money = (text: string, lang: TDocumentLanguage) => formatMoneyText(text, lang);
const eur = (value: bigint, lang: TDocumentLanguage) => money(formatEur(value), lang);
const units = (value: bigint, lang: TDocumentLanguage) => formatDecimal(formatUnits(value), lang);
const price = (value: bigint, lang: TDocumentLanguage) => `${formatDecimal(formatPrice(value), lang)} ${lang === 'es' ? '€' : 'EUR'}`;
const day = (iso: string, lang: TDocumentLanguage) => formatDateText(iso, lang);

function partyRows(customer: TDocumentCustomer, lang: TDocumentLanguage): [string, string][] {
  const t = DOCUMENT_TEXTS[lang];
  const isCompany = customer.investor_type === 'COMPANY' && customer.company_name;
  const name = isCompany ? `${customer.company_name} (${customer.first_name} ${customer.last_name})` : `${customer.first_name} ${customer.last_name}`;
  const taxId = isCompany ? customer.company_tax_id : customer.dni;
  const address = [customer.billing_address_line1, customer.billing_address_line2, [customer.billing_postal_code, customer.billing_city].filter(Boolean).join(' '), customer.billing_country]
    .filter((part) => part && part.trim())
    .join(', ');
  const rows: [string, string][] = [
    [t.issuer, customer.company_display_name],
    [t.holder, name],
  ];
  if (taxId) rows.push([t.taxId, taxId]);
  if (address) rows.push([t.address, address]);
  rows.push([t.email, customer.email]);
  return rows;
}

export function contractModel(
  contract: TDocumentContract,
  customer: TDocumentCustomer,
  lang: TDocumentLanguage,
  /** The key information document version the investor accepted, when the contract records one (issue 16: contract_investor_protection). */
  keyInformationVersion: string | null = null,
): TPdfModel {
  const t = DOCUMENT_TEXTS[lang];
  const items = paymentSchedule({
    submissionDate: contract.submission_date,
    expiringDate: contract.expiring_date,
    initialAmount: parseEur(contract.initial_investment),
    monthlyAmount: parseEur(contract.recurring_amount),
    periodType: contract.contract_period_type,
  });
  const total = items.reduce((a, i) => a + i.amount, 0n);
  const plan: [string, string][] = [
    [t.contract.product, productName(contract, lang)],
    [t.contract.initial, money(formatEur(parseEur(contract.initial_investment)), lang)],
    [t.contract.monthly, money(formatEur(parseEur(contract.recurring_amount)), lang)],
    [t.contract.period, t.contract.periods[contract.contract_period_type] ?? contract.contract_period_type],
    [t.contract.start, day(contract.submission_date, lang)],
    [t.contract.end, day(contract.expiring_date, lang)],
  ];
  if (keyInformationVersion) plan.push([t.contract.keyInformation, fill(t.contract.keyInformationVersion, { version: keyInformationVersion })]);
  return {
    language: lang,
    issuer: customer.company_display_name,
    title: t.contract.title,
    subtitle: fill(t.contract.subtitle, { product: productName(contract, lang), id: contract.id }),
    blocks: [
      { type: 'heading', text: t.contract.parties },
      { type: 'fields', rows: partyRows(customer, lang) },
      { type: 'heading', text: t.contract.plan },
      { type: 'fields', rows: plan },
      { type: 'heading', text: t.contract.schedule },
      { type: 'paragraph', text: fill(t.contract.scheduleText, { count: items.length, total: eur(total, lang) }) },
      { type: 'paragraph', text: t.contract.units },
      { type: 'paragraph', text: t.contract.risk, small: true },
    ],
  };
}

export function receiptModel(payment: TDocumentPayment, contract: TDocumentContract, customer: TDocumentCustomer, lang: TDocumentLanguage): TPdfModel {
  const t = DOCUMENT_TEXTS[lang];
  const blocks: TPdfBlock[] = [
    { type: 'fields', rows: partyRows(customer, lang) },
    { type: 'heading', text: t.receipt.title },
    {
      type: 'fields',
      rows: [
        [t.receipt.amount, money(formatEur(parseEur(payment.amount)), lang)],
        [t.receipt.valueDate, day(payment.value_date, lang)],
        [t.receipt.reference, payment.reference],
        [t.receipt.method, t.receipt.methods[payment.method] ?? payment.method],
        [t.receipt.price, fill(t.receipt.priceOf, { price: price(parsePriceText(payment.price), lang), date: day(payment.price_date, lang) })],
        [t.receipt.units, formatDecimal(formatUnits(parseUnitsText(payment.units)), lang)],
        [t.receipt.recordedAt, day(payment.recorded_at.toISOString(), lang)],
      ],
    },
  ];
  if (payment.reversed_on) blocks.push({ type: 'paragraph', text: fill(t.receipt.reversed, { date: day(payment.reversed_on, lang) }) });
  return {
    language: lang,
    issuer: customer.company_display_name,
    title: t.receipt.title,
    subtitle: fill(t.receipt.subtitle, { id: shortId(contract.id), product: productName(contract, lang) }),
    blocks,
  };
}


function figureRows(f: Omit<TStatementFigures, 'year'> & { year: number }, lang: TDocumentLanguage): TPdfBlock[] {
  const t = DOCUMENT_TEXTS[lang].statement;
  const priceRow = (p: bigint | null, date: string | null): string => (p === null || date === null ? t.noPrice : fill(t.priceOn, { price: price(p, lang), date: day(date, lang) }));
  const value = (v: bigint | null) => (v === null ? t.noPrice : eur(v, lang));
  return [
    { type: 'heading', text: fill(t.opening, { year: f.year }) },
    {
      type: 'fields',
      rows: [
        [t.units, units(f.openingUnits, lang)],
        [t.price, priceRow(f.openingPrice, f.openingPriceDate)],
        [t.value, value(f.openingValue)],
      ],
    },
    { type: 'heading', text: fill(t.closing, { year: f.year }) },
    {
      type: 'fields',
      rows: [
        [t.units, units(f.closingUnits, lang)],
        [t.price, priceRow(f.closingPrice, f.closingPriceDate)],
        [t.value, value(f.closingValue)],
        [t.paidIn, eur(f.paidIn, lang)],
        [t.unitsBought, units(f.unitsBought, lang)],
        [t.income, eur(f.income, lang)],
      ],
    },
  ];
}

export interface TIncomeEntry {
  contractId: string;
  date: string;
  description: string;
  amount: bigint;
}

function detailBlocks(payments: TDocumentPayment[], income: TIncomeEntry[], lang: TDocumentLanguage, withContract: boolean): TPdfBlock[] {
  const t = DOCUMENT_TEXTS[lang].statement;
  const c = t.columns;
  const contractCol = withContract ? [{ label: c.contract, width: 14 }] : [];
  return [
    { type: 'heading', text: t.payments },
    {
      type: 'table',
      empty: t.noPayments,
      columns: [...contractCol, { label: c.date, width: 22 }, { label: c.reference, width: 24 }, { label: c.amount, width: 16, align: 'right' }, { label: c.price, width: 14, align: 'right' }, { label: c.units, width: 16, align: 'right' }],
      rows: payments.map((p) => [
        ...(withContract ? [shortId(p.contract_id)] : []),
        day(p.value_date, lang),
        p.reversed_on ? `${p.reference} (${t.reversedMark})` : p.reference,
        money(formatEur(parseEur(p.amount)), lang),
        formatDecimal(formatPrice(parsePriceText(p.price)), lang),
        formatDecimal(formatUnits(parseUnitsText(p.units)), lang),
      ]),
    },
    { type: 'heading', text: t.incomeLines },
    {
      type: 'table',
      empty: t.noIncome,
      columns: [...contractCol, { label: c.date, width: 22 }, { label: c.description, width: 54 }, { label: c.amount, width: 16, align: 'right' }],
      rows: income.map((i) => [...(withContract ? [shortId(i.contractId)] : []), day(i.date, lang), i.description, eur(i.amount, lang)]),
    },
  ];
}

export function contractStatementModel(
  figures: TStatementFigures,
  contract: TDocumentContract,
  customer: TDocumentCustomer,
  payments: TDocumentPayment[],
  income: TIncomeEntry[],
  lang: TDocumentLanguage,
): TPdfModel {
  const t = DOCUMENT_TEXTS[lang].statement;
  return {
    language: lang,
    issuer: customer.company_display_name,
    title: fill(t.title, { year: figures.year }),
    subtitle: fill(t.contractSubtitle, { id: contract.id, product: productName(contract, lang) }),
    blocks: [
      { type: 'fields', rows: partyRows(customer, lang) },
      ...figureRows(figures, lang),
      ...detailBlocks(payments, income, lang, false),
      { type: 'paragraph', text: t.tax, small: true },
    ],
  };
}

export function investorStatementModel(
  total: Omit<TStatementFigures, 'openingPrice' | 'closingPrice'> & { openingPrice: bigint | null; closingPrice: bigint | null },
  perContract: { contract: TDocumentContract; figures: TStatementFigures }[],
  customer: TDocumentCustomer,
  payments: TDocumentPayment[],
  income: TIncomeEntry[],
  lang: TDocumentLanguage,
): TPdfModel {
  const t = DOCUMENT_TEXTS[lang].statement;
  const c = t.columns;
  return {
    language: lang,
    issuer: customer.company_display_name,
    title: fill(t.title, { year: total.year }),
    subtitle: t.investorSubtitle,
    blocks: [
      { type: 'fields', rows: partyRows(customer, lang) },
      ...figureRows(total, lang),
      { type: 'heading', text: t.contracts },
      {
        type: 'table',
        empty: '-',
        columns: [
          { label: c.contract, width: 30 },
          { label: t.units, width: 18, align: 'right' },
          { label: t.paidIn, width: 18, align: 'right' },
          { label: t.income, width: 18, align: 'right' },
          { label: t.value, width: 16, align: 'right' },
        ],
        rows: perContract.map(({ contract, figures }) => [
          `${shortId(contract.id)} ${productName(contract, lang)}`,
          units(figures.closingUnits, lang),
          eur(figures.paidIn, lang),
          eur(figures.income, lang),
          figures.closingValue === null ? '-' : eur(figures.closingValue, lang),
        ]),
      },
      ...detailBlocks(payments, income, lang, true),
      { type: 'paragraph', text: t.tax, small: true },
    ],
  };
}

/** A market trade as one party's confirmation (issue 18): the buyer's or the seller's. */
export interface TDocumentTrade {
  id: string;
  side: 'buy' | 'sell';
  units: string;
  price: string;
  grossCents: string;
  feeCents: string;
  netCents: string;
  at: Date;
  keyInfoVersion: string;
}

export function tradeModel(trade: TDocumentTrade, contract: TDocumentContract, customer: TDocumentCustomer, lang: TDocumentLanguage): TPdfModel {
  const t = DOCUMENT_TEXTS[lang].trade;
  const rows: [string, string][] = [
    [t.date, day(trade.at.toISOString(), lang)],
    [t.reference, trade.id],
    [t.contract, `${shortId(contract.id)} · ${productName(contract, lang)}`],
    [t.units, units(parseUnitsText(trade.units), lang)],
    [t.price, price(parsePriceText(trade.price), lang)],
    [t.gross, eur(BigInt(trade.grossCents), lang)],
  ];
  if (trade.side === 'buy') {
    rows.push([t.paid, eur(BigInt(trade.grossCents), lang)]);
    rows.push([t.keyInformation, trade.keyInfoVersion]);
  } else {
    rows.push([t.fee, eur(BigInt(trade.feeCents), lang)]);
    rows.push([t.net, eur(BigInt(trade.netCents), lang)]);
  }
  return {
    language: lang,
    issuer: customer.company_display_name,
    title: trade.side === 'buy' ? t.buyTitle : t.sellTitle,
    subtitle: fill(t.subtitle, { id: shortId(trade.id), product: productName(contract, lang) }),
    blocks: [
      { type: 'fields', rows: partyRows(customer, lang) },
      { type: 'heading', text: trade.side === 'buy' ? t.buyTitle : t.sellTitle },
      { type: 'fields', rows },
      { type: 'paragraph', text: trade.side === 'buy' ? t.buyText : t.sellText },
      { type: 'paragraph', text: t.notice, small: true },
    ],
  };
}
