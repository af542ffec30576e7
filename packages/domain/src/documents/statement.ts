import { valueAt, type TScaled } from '../ledger/index.ts';

/**
 * The figures of a yearly statement (pure: the caller passes the ledger's lines and prices).
 * Opening = the holding before 1 January valued at the last published price on or before
 * 1 January; closing = the holding at the end of 31 December valued at the last published
 * price on or before 31 December; paid in, units bought and income = the lines dated in the
 * year (reversals included, so a reversed payment nets to zero).
 */
export interface TStatementLedgerLine {
  /** The journal's date (YYYY-MM-DD). */
  date: string;
  account: 'BANK' | 'INVESTOR_UNITS' | 'INCOME_PAYABLE';
  /** Signed, in the account's minor units (cents, micro-units). */
  amount: TScaled;
}

export interface TStatementFigures {
  year: number;
  openingUnits: TScaled;
  openingPrice: TScaled | null;
  openingPriceDate: string | null;
  openingValue: TScaled | null;
  closingUnits: TScaled;
  closingPrice: TScaled | null;
  closingPriceDate: string | null;
  closingValue: TScaled | null;
  paidIn: TScaled;
  unitsBought: TScaled;
  /** Income credited in the year (credits on INCOME_PAYABLE, so the sign is turned). */
  income: TScaled;
}

export interface TPricePoint {
  valueDate: string;
  price: TScaled;
}

/** The last price on or before `date` (prices in any order). */
export function priceOnOrBefore(prices: readonly TPricePoint[], date: string): TPricePoint | null {
  let best: TPricePoint | null = null;
  for (const p of prices) if (p.valueDate <= date && (best === null || p.valueDate > best.valueDate)) best = p;
  return best;
}

export function statementFigures(year: number, lines: readonly TStatementLedgerLine[], prices: readonly TPricePoint[]): TStatementFigures {
  const start = `${year}-01-01`;
  const end = `${year}-12-31`;
  let openingUnits = 0n;
  let closingUnits = 0n;
  let paidIn = 0n;
  let unitsBought = 0n;
  let income = 0n;
  for (const line of lines) {
    if (line.date > end) continue;
    const inYear = line.date >= start;
    if (line.account === 'INVESTOR_UNITS') {
      closingUnits += line.amount;
      if (inYear) unitsBought += line.amount;
      else openingUnits += line.amount;
    } else if (inYear && line.account === 'BANK') paidIn += line.amount;
    else if (inYear && line.account === 'INCOME_PAYABLE') income -= line.amount;
  }
  const opening = priceOnOrBefore(prices, start);
  const closing = priceOnOrBefore(prices, end);
  return {
    year,
    openingUnits,
    openingPrice: opening?.price ?? null,
    openingPriceDate: opening?.valueDate ?? null,
    openingValue: opening ? valueAt(openingUnits, opening.price) : null,
    closingUnits,
    closingPrice: closing?.price ?? null,
    closingPriceDate: closing?.valueDate ?? null,
    closingValue: closing ? valueAt(closingUnits, closing.price) : null,
    paidIn,
    unitsBought,
    income,
  };
}

/** Sums statements of several contracts (the investor's statement). Values are null when any is. */
export function sumStatements(year: number, parts: readonly TStatementFigures[]): Omit<TStatementFigures, 'openingPrice' | 'closingPrice'> & {
  openingPrice: TScaled | null;
  closingPrice: TScaled | null;
} {
  const add = (pick: (f: TStatementFigures) => TScaled) => parts.reduce((a, f) => a + pick(f), 0n);
  const addNullable = (pick: (f: TStatementFigures) => TScaled | null) =>
    parts.some((f) => pick(f) === null) ? null : parts.reduce((a, f) => a + (pick(f) ?? 0n), 0n);
  return {
    year,
    openingUnits: add((f) => f.openingUnits),
    openingPrice: parts[0]?.openingPrice ?? null,
    openingPriceDate: parts[0]?.openingPriceDate ?? null,
    openingValue: parts.length === 0 ? 0n : addNullable((f) => f.openingValue),
    closingUnits: add((f) => f.closingUnits),
    closingPrice: parts[0]?.closingPrice ?? null,
    closingPriceDate: parts[0]?.closingPriceDate ?? null,
    closingValue: parts.length === 0 ? 0n : addNullable((f) => f.closingValue),
    paidIn: add((f) => f.paidIn),
    unitsBought: add((f) => f.unitsBought),
    income: add((f) => f.income),
  };
}
