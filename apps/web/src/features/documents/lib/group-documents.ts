import { parseDocumentId, type TDocumentItem, type TDocumentList } from '@kc/domain';

export interface TContractDocuments {
  contract: TDocumentList['contracts'][number];
  contractDocument: TDocumentItem | undefined;
  receipts: TDocumentItem[];
  statements: TDocumentItem[];
  /** The confirmations of the contract's KC market trades (bought or sold), newest first. */
  trades: TDocumentItem[];
}

/** The list grouped for the screen: per contract, newest first (its document, receipts and market trade confirmations newest first, statements by year), then the investor's yearly statements. */
export function groupDocuments(list: TDocumentList): { contracts: TContractDocuments[]; annual: TDocumentItem[] } {
  const byYearDesc = (a: TDocumentItem, b: TDocumentItem) => (b.year ?? 0) - (a.year ?? 0);
  const byDateDesc = (a: TDocumentItem, b: TDocumentItem) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0);
  return {
    contracts: [...list.contracts].sort((a, b) => (a.submissionDate < b.submissionDate ? 1 : a.submissionDate > b.submissionDate ? -1 : 0)).map((contract) => {
      const own = list.documents.filter((d) => d.contractId === contract.id);
      return {
        contract,
        contractDocument: own.find((d) => d.kind === 'CONTRACT'),
        receipts: own.filter((d) => d.kind === 'RECEIPT').sort(byDateDesc),
        statements: own.filter((d) => d.kind === 'CONTRACT_STATEMENT').sort(byYearDesc),
        trades: own.filter((d) => d.kind === 'TRADE').sort(byDateDesc),
      };
    }),
    annual: list.documents.filter((d) => d.kind === 'INVESTOR_STATEMENT').sort(byYearDesc),
  };
}

/** The side of a trade confirmation ('buy' or 'sell'), read from its id (`trade.<tradeId>.<side>`). */
export function tradeSideOf(document: TDocumentItem): 'buy' | 'sell' | undefined {
  const ref = parseDocumentId(document.id);
  return ref?.kind === 'TRADE' ? ref.side : undefined;
}
