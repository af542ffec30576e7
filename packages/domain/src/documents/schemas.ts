import { z } from 'zod';

/**
 * Documents and exports of the money ledger (issue 15, customerDocuments): the contract
 * document, a receipt per payment, yearly statements per contract and per investor (PDF,
 * generated once by the server and stored), and CSV exports of contracts, payments and income.
 */
/** `TRADE`: a market trade's confirmation, one per party (issue 18, decision 0034). */
export const DOCUMENT_KINDS = ['CONTRACT', 'RECEIPT', 'CONTRACT_STATEMENT', 'INVESTOR_STATEMENT', 'TRADE'] as const;
export type TDocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_LANGUAGES = ['es', 'en'] as const;
export type TDocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export const EXPORT_DATASETS = ['contracts', 'payments', 'income'] as const;
export type TExportDataset = (typeof EXPORT_DATASETS)[number];

/** One document a customer may download (generated on its first download, then stored). */
export const ZDocumentItem = z.object({
  /** The document's identity: `contract.<contractId>`, `receipt.<paymentId>`, `statement.<contractId>.<year>`, `annual.<userId>.<year>`, `trade.<tradeId>.<buy|sell>`. */
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  contractId: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** The statement's calendar year (statements only). */
  year: z.number().int().nullable(),
  /** The date the document is about: the contract's submission, the payment's value date, 31 Dec of the year, the trade's day (Madrid). */
  date: z.string(),
  /** The payment's amount (receipts), a trade's gross amount (trade confirmations), a decimal string. */
  amount: z.string().nullable(),
});
export type TDocumentItem = z.infer<typeof ZDocumentItem>;

export const ZDocumentList = z.object({
  customerId: z.string(),
  /** The last closed year: statements exist up to it (the current year is not final). */
  lastClosedYear: z.number().int(),
  /** The contracts the documents belong to (to group them on screen). */
  contracts: z.array(z.object({ id: z.string(), productNameEs: z.string(), productNameEn: z.string(), state: z.string(), submissionDate: z.string() })),
  documents: z.array(ZDocumentItem),
});
export type TDocumentList = z.infer<typeof ZDocumentList>;

export const ZDocumentsCustomerParams = z.object({ customerId: z.string().min(1).max(64) });
export const ZDocumentsListQuery = z.object({ contractId: z.string().min(1).max(64).optional() });
export const ZDocumentParams = z.object({ documentId: z.string().min(1).max(120) });
export const ZDocumentLanguageQuery = z.object({ lang: z.enum(DOCUMENT_LANGUAGES).optional() });
export const ZExportParams = z.object({ customerId: z.string().min(1).max(64), dataset: z.enum(EXPORT_DATASETS) });

/** A parsed document id (see ZDocumentItem.id); null when it is not one. */
export type TDocumentRef =
  | { kind: 'CONTRACT'; contractId: string }
  | { kind: 'RECEIPT'; paymentId: string }
  | { kind: 'CONTRACT_STATEMENT'; contractId: string; year: number }
  | { kind: 'INVESTOR_STATEMENT'; userId: string; year: number }
  | { kind: 'TRADE'; tradeId: string; side: 'buy' | 'sell' };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PATTERNS: [RegExp, (m: RegExpExecArray) => TDocumentRef][] = [
  [new RegExp(`^contract\\.(${UUID})$`), (m) => ({ kind: 'CONTRACT', contractId: m[1]! })],
  [new RegExp(`^receipt\\.(${UUID})$`), (m) => ({ kind: 'RECEIPT', paymentId: m[1]! })],
  [new RegExp(`^statement\\.(${UUID})\\.(\\d{4})$`), (m) => ({ kind: 'CONTRACT_STATEMENT', contractId: m[1]!, year: Number(m[2]) })],
  [new RegExp(`^annual\\.(${UUID})\\.(\\d{4})$`), (m) => ({ kind: 'INVESTOR_STATEMENT', userId: m[1]!, year: Number(m[2]) })],
  [new RegExp(`^trade\\.(${UUID})\\.(buy|sell)$`), (m) => ({ kind: 'TRADE', tradeId: m[1]!, side: m[2] as 'buy' | 'sell' })],
];

export function parseDocumentId(id: string): TDocumentRef | null {
  for (const [pattern, build] of PATTERNS) {
    const match = pattern.exec(id);
    if (match) return build(match);
  }
  return null;
}

export function documentIdOf(ref: TDocumentRef): string {
  switch (ref.kind) {
    case 'CONTRACT':
      return `contract.${ref.contractId}`;
    case 'RECEIPT':
      return `receipt.${ref.paymentId}`;
    case 'CONTRACT_STATEMENT':
      return `statement.${ref.contractId}.${ref.year}`;
    case 'INVESTOR_STATEMENT':
      return `annual.${ref.userId}.${ref.year}`;
    case 'TRADE':
      return `trade.${ref.tradeId}.${ref.side}`;
  }
}

const FILE_WORDS: Record<TDocumentLanguage, Record<TDocumentKind, string>> = {
  es: { CONTRACT: 'contrato', RECEIPT: 'recibo', CONTRACT_STATEMENT: 'extracto-anual-contrato', INVESTOR_STATEMENT: 'extracto-anual', TRADE: 'operacion-mercado' },
  en: { CONTRACT: 'contract', RECEIPT: 'receipt', CONTRACT_STATEMENT: 'annual-statement-contract', INVESTOR_STATEMENT: 'annual-statement', TRADE: 'market-trade' },
};

/** The download's file name: `kc-<kind words>-<short id>[-<year>]-<lang>.pdf` (ASCII, no spaces). */
export function documentFileName(ref: TDocumentRef, language: TDocumentLanguage): string {
  const word = FILE_WORDS[language][ref.kind];
  const subject = ref.kind === 'RECEIPT' ? ref.paymentId : ref.kind === 'INVESTOR_STATEMENT' ? ref.userId : ref.kind === 'TRADE' ? ref.tradeId : ref.contractId;
  const year = 'year' in ref ? `-${ref.year}` : '';
  const side = ref.kind === 'TRADE' ? `-${ref.side === 'buy' ? (language === 'es' ? 'compra' : 'purchase') : language === 'es' ? 'venta' : 'sale'}` : '';
  return `kc-${word}${side}-${subject.slice(0, 8)}${year}-${language}.pdf`;
}

const EXPORT_WORDS: Record<TDocumentLanguage, Record<TExportDataset, string>> = {
  es: { contracts: 'contratos', payments: 'aportaciones', income: 'rendimientos' },
  en: { contracts: 'contracts', payments: 'payments', income: 'income' },
};

export function exportFileName(dataset: TExportDataset, language: TDocumentLanguage, today: string): string {
  return `kc-${EXPORT_WORDS[language][dataset]}-${today}.csv`;
}
