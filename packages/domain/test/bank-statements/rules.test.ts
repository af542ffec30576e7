import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contractPaymentReference,
  detectDelimiter,
  findContractId,
  lineIdentity,
  mapColumns,
  parseStatementAmount,
  parseStatementDate,
  readStatement,
} from '../../src/bank-statements/index.ts';
import { formatEur } from '../../src/ledger/index.ts';

const cents = fc.bigInt({ min: 0n, max: 99_999_999_999n });
const uuid = fc.uuid();

/** Writes cents as a bank would: Spanish ('1.234,56' / '1234,56') or English ('1,234.56' / '1234.56'). */
function bankFormat(value: bigint, style: 'es' | 'esPlain' | 'en' | 'enPlain'): string {
  const [whole, fraction] = formatEur(value).split('.') as [string, string];
  const grouped = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  if (style === 'es') return `${grouped('.')},${fraction}`;
  if (style === 'esPlain') return `${whole},${fraction}`;
  if (style === 'en') return `${grouped(',')}.${fraction}`;
  return `${whole}.${fraction}`;
}

describe('statement amounts', () => {
  it('reads every amount in Spanish and English writing, with or without thousands, exactly (property)', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom('es', 'esPlain', 'en', 'enPlain') as fc.Arbitrary<'es' | 'esPlain' | 'en' | 'enPlain'>, fc.boolean(), (value, style, negative) => {
        const text = `${negative ? '-' : ''}${bankFormat(value, style)}`;
        expect(parseStatementAmount(text)).toBe(negative ? -value : value);
      }),
    );
  });

  it.each([
    ['150', 15000n],
    ['150,5', 15050n],
    ['150.5', 15050n],
    [' 1.234,56 € ', 123456n],
    ['1 234,56', 123456n],
    ['+20,00', 2000n],
    ['1.234.567,89', 123456789n],
    ['1,234,567', 123456700n],
  ])('reads %j as %s cents', (text, expected) => {
    expect(parseStatementAmount(text)).toBe(expected);
  });

  it.each(['', 'abc', '10,005', '1.234', '1,234', '1.23.4', '1,2,3', '12,34.5', '1.234,5.6', '--5', ',50', '10€20', '1e5'])('refuses %j', (text) => {
    expect(parseStatementAmount(text)).toBeNull();
  });
});

describe('statement dates', () => {
  it.each([
    ['31/12/2019', '2019-12-31'],
    ['1/2/2020', '2020-02-01'],
    ['29-02-2020', '2020-02-29'],
    ['2020-02-29', '2020-02-29'],
  ])('reads %j', (text, iso) => expect(parseStatementDate(text)).toBe(iso));
  it.each(['31/02/2020', '29/02/2019', '2020-13-01', '12/31/2019', '2020/01/01', '', 'hoy'])('refuses %j', (text) => expect(parseStatementDate(text)).toBeNull());
});

describe('columns and separators', () => {
  it('finds the columns by their Spanish or English names, whatever the case and accents', () => {
    expect(mapColumns(['Fecha Valor', 'IMPORTE', 'Referencia', 'Descripción'])).toEqual({ map: { valueDate: 0, amount: 1, reference: 2, description: 3 } });
    expect(mapColumns(['Saldo', 'value_date', 'Amount', 'Reference'])).toEqual({ map: { valueDate: 1, amount: 2, reference: 3, description: null } });
    expect(mapColumns(['Fecha', 'Referencia'])).toEqual({ problem: { code: 'missingColumn', column: 'amount' } });
    expect(mapColumns(['Fecha', 'Fecha valor', 'Importe', 'Referencia'])).toEqual({ problem: { code: 'duplicateColumn', column: 'valueDate' } });
  });
  it('takes the separator the header uses most, outside quotes', () => {
    expect(detectDelimiter('Fecha valor;Importe;Referencia')).toBe(';');
    expect(detectDelimiter('value date,amount,reference')).toBe(',');
    expect(detectDelimiter('"Fecha, valor";Importe;"Ref, x"')).toBe(';');
  });
});

describe("a contract's payment reference", () => {
  it('is found back in any bank text, upper or lower case, split by spaces or hyphens (property)', () => {
    fc.assert(
      fc.property(uuid, fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), fc.boolean(), (id, before, after, lower) => {
        const reference = contractPaymentReference(id);
        expect(reference).toMatch(/^KC[0-9A-F]{32}$/);
        const noise = (s: string) => s.replace(/[0-9a-fA-FkK-]/g, 'x');
        const text = `${noise(before)} ${lower ? reference.toLowerCase() : reference} ${noise(after)}`;
        expect(findContractId(text)).toBe(id.toLowerCase());
        expect(findContractId(`${reference.slice(0, 10)} ${reference.slice(10, 20)}-${reference.slice(20)}`)).toBe(id.toLowerCase());
      }),
    );
  });
  it('also accepts the contract id itself, and nothing else', () => {
    expect(findContractId('pago 3F2B8C1E-1234-4ABC-8DEF-0123456789AB enero')).toBe('3f2b8c1e-1234-4abc-8def-0123456789ab');
    expect(findContractId('TRANSFERENCIA NOMINA')).toBeNull();
    expect(findContractId(`KC${'A'.repeat(31)}`)).toBeNull();
  });
});

describe('reading a statement', () => {
  const today = '2020-06-30';
  const header = ['Fecha valor', 'Importe', 'Referencia', 'Concepto'];
  it('keeps incoming lines with their number and contract, leaves debits out, counts identical lines', () => {
    const ref = contractPaymentReference('3f2b8c1e-1234-4abc-8def-0123456789ab');
    const read = readStatement(
      [header, ['01/06/2020', '100,00', ref, 'Ana'], ['01/06/2020', '-5,00', 'COMISION', ''], ['', '', '', ''], ['01/06/2020', '100,00', ref, 'Ana'], ['2020-06-02', '7.5', 'x', '']],
      today,
    );
    expect('lines' in read && read.ignored).toBe(1);
    if (!('lines' in read)) throw new Error('expected lines');
    expect(read.errors).toEqual([]);
    expect(read.lines.map((l) => [l.line, l.valueDate, l.amount, l.contractId, l.occurrence])).toEqual([
      [2, '2020-06-01', 10000n, '3f2b8c1e-1234-4abc-8def-0123456789ab', 0],
      [5, '2020-06-01', 10000n, '3f2b8c1e-1234-4abc-8def-0123456789ab', 1],
      [6, '2020-06-02', 750n, null, 0],
    ]);
  });
  it('reports every bad line by its number', () => {
    const read = readStatement([header, ['32/01/2020', '1', 'r', ''], ['01/01/2020', 'x', 'r', ''], ['01/07/2020', '1', 'r', ''], ['01/01/2020']], today);
    if (!('errors' in read)) throw new Error('expected errors');
    expect(read.errors).toEqual([
      { line: 2, code: 'date' },
      { line: 3, code: 'amount' },
      { line: 4, code: 'futureDate' },
      { line: 5, code: 'columns' },
    ]);
  });
  it('says when the file is empty or its header lacks a column', () => {
    expect(readStatement([], today)).toEqual({ problem: { code: 'empty' } });
    expect(readStatement([['Fecha', 'Importe']], today)).toEqual({ problem: { code: 'missingColumn', column: 'reference' } });
  });
  it('identifies a line by its content, so the same line in another file is the same payment (property)', () => {
    fc.assert(
      fc.property(cents, fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (amount, reference, description) => {
        const a = lineIdentity({ valueDate: '2020-01-01', amount, reference, description });
        expect(lineIdentity({ valueDate: '2020-01-01', amount, reference: ` ${reference} `, description })).toBe(a);
        expect(lineIdentity({ valueDate: '2020-01-02', amount, reference, description })).not.toBe(a);
        expect(lineIdentity({ valueDate: '2020-01-01', amount: amount + 1n, reference, description })).not.toBe(a);
      }),
    );
  });
});
