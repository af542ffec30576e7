/**
 * The ledger's accounts. Each holds one currency: EUR (scale 2) or KC units, `KCU` (scale 6).
 * An amount is signed: positive is a debit, negative a credit; every journal sums to zero per
 * currency. Accounts marked `perContract` carry the contract (and its owner) on each line, so
 * a contract's balances are sums of its lines.
 */
export const CURRENCIES = ['EUR', 'KCU'] as const;
export type TCurrency = (typeof CURRENCIES)[number];

export const LEDGER_ACCOUNTS = {
  /** The company's bank: money received from investors (debit when a payment arrives). */
  BANK: { currency: 'EUR', perContract: false },
  /** Money subscribed into the coin at the published price (credit when units are bought). */
  FUND_CAPITAL: { currency: 'EUR', perContract: false },
  /**
   * Rounding remainders: the cents a payment buys no whole micro-unit with, and the cents a
   * distribution's per-holding rounding leaves over. Never lost, never paid to anyone by chance.
   */
  ROUNDING: { currency: 'EUR', perContract: false },
  /** Distributable income of a period (rent and timber), debited when it is distributed. */
  INCOME_SOURCE: { currency: 'EUR', perContract: false },
  /** Income credited to a contract and owed to its investor. */
  INCOME_PAYABLE: { currency: 'EUR', perContract: true },
  /** KC units held by a contract (debit when bought). */
  INVESTOR_UNITS: { currency: 'KCU', perContract: true },
  /** KC units issued by the company: the counterpart of every unit held (credit). */
  KC_UNITS_ISSUED: { currency: 'KCU', perContract: false },
  /**
   * What the platform owes a seller for units sold on the KC market (issue 18): the net of each
   * trade (gross − fee), credited to the seller's contract, until it is paid out.
   */
  MARKET_PAYABLE: { currency: 'EUR', perContract: true },
  /** The platform's fees on market trades (1 % of the gross, paid by the seller): its income. */
  MARKET_FEES: { currency: 'EUR', perContract: false },
} as const satisfies Record<string, { currency: TCurrency; perContract: boolean }>;

export type TLedgerAccount = keyof typeof LEDGER_ACCOUNTS;
export const LEDGER_ACCOUNT_NAMES = Object.keys(LEDGER_ACCOUNTS) as TLedgerAccount[];

export function isLedgerAccount(value: unknown): value is TLedgerAccount {
  return typeof value === 'string' && Object.hasOwn(LEDGER_ACCOUNTS, value);
}

/** What kind of event a journal records. */
/** PAYOUT (issue 18, decision 0036): what the platform owed a seller after market trades, paid to their bank. */
export const JOURNAL_KINDS = ['PAYMENT', 'DISTRIBUTION', 'REVERSAL', 'TRADE', 'PAYOUT'] as const;
export type TJournalKind = (typeof JOURNAL_KINDS)[number];
