import type { TDocumentItem, TDocumentList } from '@kc/domain';

export interface TContractDocuments {
  contract: TDocumentList['contracts'][number];
  contractDocument: TDocumentItem | undefined;
  receipts: TDocumentItem[];
  statements: TDocumentItem[];
}

/** The list grouped for the screen: per contract, newest first (its document, receipts newest first, statements by year), then the investor's yearly statements. */
export function groupDocuments(list: TDocumentList): { contracts: TContractDocuments[]; annual: TDocumentItem[] } {
  const byYearDesc = (a: TDocumentItem, b: TDocumentItem) => (b.year ?? 0) - (a.year ?? 0);
  return {
    contracts: [...list.contracts].sort((a, b) => (a.submissionDate < b.submissionDate ? 1 : a.submissionDate > b.submissionDate ? -1 : 0)).map((contract) => {
      const own = list.documents.filter((d) => d.contractId === contract.id);
      return {
        contract,
        contractDocument: own.find((d) => d.kind === 'CONTRACT'),
        receipts: own.filter((d) => d.kind === 'RECEIPT').sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
        statements: own.filter((d) => d.kind === 'CONTRACT_STATEMENT').sort(byYearDesc),
      };
    }),
    annual: list.documents.filter((d) => d.kind === 'INVESTOR_STATEMENT').sort(byYearDesc),
  };
}
