import { LEDGER_ACCOUNTS, type TCurrency, type TLedgerAccount } from './accounts.ts';
import { EUR_SCALE, PRICE_SCALE, UNIT_SCALE, floorDiv, type TScaled } from './decimal.ts';

/** One line of a journal: a signed amount (debit > 0, credit < 0) at its currency's scale. */
export interface TJournalLine {
  account: TLedgerAccount;
  currency: TCurrency;
  amount: TScaled;
  contractId?: string | null;
  userId?: string | null;
}

export type TJournalProblem = 'tooFewLines' | 'zeroLine' | 'wrongCurrency' | 'missingContract' | 'unbalanced';

/**
 * Why a set of lines is not a valid journal, or null: at least two lines, no zero line, each
 * line in its account's currency, per-contract accounts name their contract, and the amounts
 * of each currency sum to zero.
 */
export function journalProblem(lines: readonly TJournalLine[]): TJournalProblem | null {
  if (lines.length < 2) return 'tooFewLines';
  for (const line of lines) {
    if (line.amount === 0n) return 'zeroLine';
    const account = LEDGER_ACCOUNTS[line.account];
    if (account.currency !== line.currency) return 'wrongCurrency';
    if (account.perContract && !line.contractId) return 'missingContract';
  }
  return isBalanced(lines) ? null : 'unbalanced';
}

/** True when the amounts of every currency sum to zero. */
export function isBalanced(lines: readonly TJournalLine[]): boolean {
  const totals = new Map<TCurrency, bigint>();
  for (const line of lines) totals.set(line.currency, (totals.get(line.currency) ?? 0n) + line.amount);
  return [...totals.values()].every((total) => total === 0n);
}

/** The lines that undo a journal: the same lines with every amount negated. */
export function reversalLines(lines: readonly TJournalLine[]): TJournalLine[] {
  return lines.map((line) => ({ ...line, amount: -line.amount }));
}

const UNIT_PRICE_TO_EUR = 10n ** BigInt(UNIT_SCALE + PRICE_SCALE - EUR_SCALE);

/**
 * The value of a number of units at a price, in cents, rounded down (a value shown or
 * booked is never more than the units are worth).
 */
export function valueAt(unitCount: TScaled, unitPrice: TScaled): TScaled {
  return floorDiv(unitCount * unitPrice, UNIT_PRICE_TO_EUR);
}

export interface TPurchase {
  /** Units bought, at UNIT_SCALE: ⌊amount / price⌋ to the micro-unit. */
  units: TScaled;
  /** Their cost in cents: ⌊units × price⌋. */
  cost: TScaled;
  /** amount − cost: the cents that buy no whole micro-unit, booked to ROUNDING. 0 ≤ remainder. */
  remainder: TScaled;
}

/**
 * Units for an amount at a price (the rounding rule, decision 0018): the investor gets every
 * whole micro-unit (10⁻⁶ KC) the amount pays for, rounded down; the cost of those units is
 * rounded down to the cent; the cents left (less than one micro-unit's price plus one cent)
 * go to the ROUNDING account. amount = cost + remainder, exactly.
 */
export function unitsFor(amount: TScaled, unitPrice: TScaled): TPurchase {
  if (amount <= 0n) throw new RangeError('unitsFor needs a positive amount');
  if (unitPrice <= 0n) throw new RangeError('unitsFor needs a positive price');
  const bought = floorDiv(amount * UNIT_PRICE_TO_EUR, unitPrice);
  const cost = valueAt(bought, unitPrice);
  return { units: bought, cost, remainder: amount - cost };
}

/**
 * The journal of a received payment for a contract: cash in, units bought at the price.
 *   BANK            EUR  +amount     (the money received)
 *   FUND_CAPITAL    EUR  −cost       (subscribed into the coin)
 *   ROUNDING        EUR  −remainder  (when not zero)
 *   INVESTOR_UNITS  KCU  +units      (the contract's holding)
 *   KC_UNITS_ISSUED KCU  −units
 * Every line carries the contract and its owner, so "paid in" is the contract's BANK lines.
 * A payment too small to buy one micro-unit books no unit lines (all of it is remainder).
 */
export function paymentJournal(input: { amount: TScaled; price: TScaled; contractId: string; userId: string }): {
  lines: TJournalLine[];
  purchase: TPurchase;
} {
  const purchase = unitsFor(input.amount, input.price);
  const tag = { contractId: input.contractId, userId: input.userId };
  const lines: TJournalLine[] = [{ account: 'BANK', currency: 'EUR', amount: input.amount, ...tag }];
  if (purchase.cost > 0n) lines.push({ account: 'FUND_CAPITAL', currency: 'EUR', amount: -purchase.cost, ...tag });
  if (purchase.remainder > 0n) lines.push({ account: 'ROUNDING', currency: 'EUR', amount: -purchase.remainder, ...tag });
  if (purchase.units > 0n) {
    lines.push({ account: 'INVESTOR_UNITS', currency: 'KCU', amount: purchase.units, ...tag });
    lines.push({ account: 'KC_UNITS_ISSUED', currency: 'KCU', amount: -purchase.units, ...tag });
  }
  return { lines, purchase };
}

export interface TUnitHolding {
  contractId: string;
  userId: string;
  units: TScaled;
}

export interface TDistribution {
  /** ⌊Σ units × amount per unit⌋ in cents: what leaves INCOME_SOURCE. */
  total: TScaled;
  /** Each holding's share, ⌊units × amount per unit⌋ in cents, in the holdings' order. */
  shares: { contractId: string; userId: string; amount: TScaled }[];
  /** total − Σ shares: 0 ≤ remainder < number of holdings (cents), booked to ROUNDING. */
  remainder: TScaled;
  lines: TJournalLine[];
}

/**
 * A distribution of an amount per unit (at PRICE_SCALE) over holdings: each holding gets its
 * exact share rounded down to the cent; the total is the exact amount for all units rounded
 * down; the difference goes to ROUNDING. Holdings without units get nothing (and no line).
 *   INCOME_SOURCE   EUR  +total
 *   INCOME_PAYABLE  EUR  −share (per contract with a share > 0)
 *   ROUNDING        EUR  −remainder (when not zero)
 */
export function distribute(perUnit: TScaled, holdings: readonly TUnitHolding[]): TDistribution {
  if (perUnit <= 0n) throw new RangeError('distribute needs a positive amount per unit');
  let allUnits = 0n;
  const shares: TDistribution['shares'] = [];
  for (const holding of holdings) {
    if (holding.units <= 0n) continue;
    allUnits += holding.units;
    shares.push({ contractId: holding.contractId, userId: holding.userId, amount: valueAt(holding.units, perUnit) });
  }
  const total = valueAt(allUnits, perUnit);
  const remainder = total - shares.reduce((acc, share) => acc + share.amount, 0n);
  const lines: TJournalLine[] = [];
  if (total > 0n) lines.push({ account: 'INCOME_SOURCE', currency: 'EUR', amount: total });
  for (const share of shares) {
    if (share.amount > 0n) lines.push({ account: 'INCOME_PAYABLE', currency: 'EUR', amount: -share.amount, contractId: share.contractId, userId: share.userId });
  }
  if (remainder > 0n) lines.push({ account: 'ROUNDING', currency: 'EUR', amount: -remainder });
  return { total, shares, remainder, lines };
}
