import { describe, expect, it } from 'vitest';
import type { TDocumentList } from '@kc/domain';
import { groupDocuments, tradeSideOf } from './group-documents.ts';

const c1 = '11111111-1111-4111-8111-111111111111';
const c2 = '22222222-2222-4222-8222-222222222222';
const doc = (over: Partial<TDocumentList['documents'][number]>): TDocumentList['documents'][number] => ({
  id: 'x',
  kind: 'CONTRACT',
  contractId: c1,
  paymentId: null,
  year: null,
  date: '2020-01-01',
  amount: null,
  ...over,
});

describe('groupDocuments', () => {
  it('groups by contract, newest first: its document, receipts newest first, statements by year descending; investor statements apart', () => {
    const list: TDocumentList = {
      customerId: 'u',
      lastClosedYear: 2025,
      contracts: [
        { id: c1, productNameEs: 'Plan', productNameEn: 'Plan', state: 'ACTIVE', submissionDate: '2019-01-01' },
        { id: c2, productNameEs: 'Otro', productNameEn: 'Other', state: 'NEW', submissionDate: '2024-01-01' },
      ],
      documents: [
        doc({ id: `contract.${c1}` }),
        doc({ id: 'r1', kind: 'RECEIPT', paymentId: 'p1', date: '2019-02-01', amount: '10.00' }),
        doc({ id: 'r2', kind: 'RECEIPT', paymentId: 'p2', date: '2019-03-01', amount: '10.00' }),
        doc({ id: 's19', kind: 'CONTRACT_STATEMENT', year: 2019 }),
        doc({ id: 's20', kind: 'CONTRACT_STATEMENT', year: 2020 }),
        doc({ id: `contract.${c2}`, contractId: c2 }),
        doc({ id: 'a19', kind: 'INVESTOR_STATEMENT', contractId: null, year: 2019 }),
        doc({ id: 'a20', kind: 'INVESTOR_STATEMENT', contractId: null, year: 2020 }),
      ],
    };
    const grouped = groupDocuments(list);
    expect(grouped.contracts.map((g) => g.contractDocument?.id)).toEqual([`contract.${c2}`, `contract.${c1}`]); // newest first
    expect(grouped.contracts[1]!.receipts.map((d) => d.id)).toEqual(['r2', 'r1']);
    expect(grouped.contracts[1]!.statements.map((d) => d.year)).toEqual([2020, 2019]);
    expect(grouped.contracts[0]!.receipts).toEqual([]);
    expect(grouped.annual.map((d) => d.year)).toEqual([2020, 2019]);
    expect(grouped.contracts.every((g) => g.trades.length === 0)).toBe(true);
  });

  it("puts each trade confirmation under its contract, newest first, and reads its side from its id", () => {
    const t1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const t2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    const list: TDocumentList = {
      customerId: 'u',
      lastClosedYear: 2025,
      contracts: [
        { id: c1, productNameEs: 'Plan', productNameEn: 'Plan', state: 'ACTIVE', submissionDate: '2019-01-01' },
        { id: c2, productNameEs: 'Otro', productNameEn: 'Other', state: 'ACTIVE', submissionDate: '2026-05-01' },
      ],
      documents: [
        doc({ id: `trade.${t1}.sell`, kind: 'TRADE', date: '2026-03-01', amount: '50.00' }),
        doc({ id: `trade.${t2}.sell`, kind: 'TRADE', date: '2026-04-01', amount: '20.00' }),
        doc({ id: `trade.${t1}.buy`, kind: 'TRADE', contractId: c2, date: '2026-05-01', amount: '50.00' }),
      ],
    };
    const grouped = groupDocuments(list);
    const of = (id: string) => grouped.contracts.find((g) => g.contract.id === id)!;
    expect(of(c1).trades.map((d) => d.id)).toEqual([`trade.${t2}.sell`, `trade.${t1}.sell`]);
    expect(of(c2).trades.map((d) => tradeSideOf(d))).toEqual(['buy']);
    expect(of(c1).receipts).toEqual([]);
    expect(tradeSideOf(doc({ id: `receipt.${t1}`, kind: 'RECEIPT' }))).toBeUndefined();
  });
});
