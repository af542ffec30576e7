import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  csvDialect,
  documentFileName,
  documentIdOf,
  exportFileName,
  formatScaled,
  localizeDecimal,
  parseDocumentId,
  statementFigures,
  sumStatements,
  valueAt,
  type TDocumentRef,
  type TStatementLedgerLine,
} from '../../src/index.ts';

// decimal.js keeps 20 significant digits by default: the exact reference needs more for large amounts.
Decimal.set({ precision: 60 });

const uuid = fc.uuid({ version: 4 });
const year = fc.integer({ min: 2000, max: 2200 });

describe('document ids', () => {
  it('read back what they write, for every kind', () => {
    const ref: fc.Arbitrary<TDocumentRef> = fc.oneof(
      uuid.map((contractId) => ({ kind: 'CONTRACT' as const, contractId })),
      uuid.map((paymentId) => ({ kind: 'RECEIPT' as const, paymentId })),
      fc.tuple(uuid, year).map(([contractId, y]) => ({ kind: 'CONTRACT_STATEMENT' as const, contractId, year: y })),
      fc.tuple(uuid, year).map(([userId, y]) => ({ kind: 'INVESTOR_STATEMENT' as const, userId, year: y })),
    );
    fc.assert(
      fc.property(ref, (r) => {
        expect(parseDocumentId(documentIdOf(r))).toEqual(r);
        for (const lang of ['es', 'en'] as const) expect(documentFileName(r, lang)).toMatch(/^kc-[a-z-]+-[0-9a-f]{8}(-\d{4})?-(es|en)\.pdf$/);
      }),
    );
  });

  it.each(['', 'contract.', 'contract.x', 'statement.00000000-0000-4000-8000-000000000000', 'annual.00000000-0000-4000-8000-000000000000.19', '../etc/passwd', 'receipt.00000000-0000-4000-8000-000000000000.2019'])(
    'refuses %j',
    (id) => expect(parseDocumentId(id)).toBeNull(),
  );

  it('names files and exports in the language', () => {
    const ref = { kind: 'CONTRACT_STATEMENT', contractId: '93331b6c-62cc-46e5-975c-35b3ee0c4f18', year: 2020 } as const;
    expect(documentFileName(ref, 'es')).toBe('kc-extracto-anual-contrato-93331b6c-2020-es.pdf');
    expect(documentFileName(ref, 'en')).toBe('kc-annual-statement-contract-93331b6c-2020-en.pdf');
    expect(exportFileName('payments', 'es', '2026-01-02')).toBe('kc-aportaciones-2026-01-02.csv');
  });
});

describe('CSV numbers', () => {
  it('use a decimal comma in Spanish and a point in English, never changing a digit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 6 }), (value, scale) => {
        const text = formatScaled(value, scale);
        expect(localizeDecimal(text, 'en')).toBe(text);
        const es = localizeDecimal(text, 'es');
        expect(es.replace(',', '.')).toBe(text);
        expect(es.includes('.')).toBe(false);
        expect(new Decimal(es.replace(',', '.')).eq(new Decimal(text))).toBe(true);
      }),
    );
    expect(csvDialect('es')).toEqual({ delimiter: ';', decimal: ',' });
    expect(csvDialect('en')).toEqual({ delimiter: ',', decimal: '.' });
    expect(() => localizeDecimal('1e3', 'es')).toThrow();
  });
});

describe('yearly statement', () => {
  const date = fc.integer({ min: 0, max: 4 * 365 }).map((d) => new Date(Date.UTC(2018, 0, 1) + d * 86_400_000).toISOString().slice(0, 10));
  const line: fc.Arbitrary<TStatementLedgerLine> = fc.record({
    date,
    account: fc.constantFrom('BANK' as const, 'INVESTOR_UNITS' as const, 'INCOME_PAYABLE' as const),
    amount: fc.bigInt({ min: -(10n ** 10n), max: 10n ** 10n }),
  });
  const price = fc.record({ valueDate: date, price: fc.bigInt({ min: 1n, max: 10n ** 9n }) });

  it('opening units plus units bought in the year are the closing units; each figure is the sum of its lines', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.uniqueArray(price, { maxLength: 10, selector: (p) => p.valueDate }), fc.integer({ min: 2018, max: 2021 }), (lines, prices, y) => {
        const f = statementFigures(y, lines, prices);
        expect(f.openingUnits + f.unitsBought).toBe(f.closingUnits);
        const inYear = lines.filter((l) => l.date.startsWith(String(y)));
        const sum = (account: string, ls: TStatementLedgerLine[]) => ls.filter((l) => l.account === account).reduce((a, l) => a + l.amount, 0n);
        expect(f.paidIn).toBe(sum('BANK', inYear));
        expect(f.income).toBe(-sum('INCOME_PAYABLE', inYear));
        expect(f.openingUnits).toBe(sum('INVESTOR_UNITS', lines.filter((l) => l.date < `${y}-01-01`)));
        const before = (d: string) => prices.filter((p) => p.valueDate <= d).sort((a, b) => (a.valueDate < b.valueDate ? 1 : -1))[0];
        const open = before(`${y}-01-01`);
        const close = before(`${y}-12-31`);
        expect(f.openingValue).toBe(open ? valueAt(f.openingUnits, open.price) : null);
        expect(f.closingValue).toBe(close ? valueAt(f.closingUnits, close.price) : null);
        const total = sumStatements(y, [f, f]);
        expect(total.paidIn).toBe(2n * f.paidIn);
        expect(total.closingValue).toBe(f.closingValue === null ? null : 2n * f.closingValue);
      }),
    );
  });

  it('values the opening at the price of 1 January itself when one is published that day', () => {
    const f = statementFigures(
      2020,
      [{ date: '2019-05-01', account: 'INVESTOR_UNITS', amount: 2_000_000n }],
      [
        { valueDate: '2019-12-01', price: 9_000_000n },
        { valueDate: '2020-01-01', price: 10_000_000n },
        { valueDate: '2021-01-01', price: 99_000_000n },
      ],
    );
    expect(f.openingValue).toBe(2000n); // 2 units × 10.00 €
    expect(f.closingPriceDate).toBe('2020-01-01');
  });
});
