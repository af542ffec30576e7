import type { TLanguage } from '../i18n/language.ts';

/**
 * Pure rules of the sales network (issue 14): labels, occupation, price texts and exact sums.
 * No clock and no I/O here; the API passes the rows.
 */

export const NETWORK_STATES = ['OPERATIVE', 'CLOSED'] as const;
export type TNetworkState = (typeof NETWORK_STATES)[number];

/** The specification's labels of a node's state ('Operativo' is the Spanish of OPERATIVE). */
export const NETWORK_STATE_LABELS: Record<TLanguage, Record<TNetworkState, string>> = {
  es: { OPERATIVE: 'Operativo', CLOSED: 'Cerrado' },
  en: { OPERATIVE: 'Operative', CLOSED: 'Closed' },
};

export function networkStateLabel(state: string, language: TLanguage): string {
  return NETWORK_STATE_LABELS[language][state as TNetworkState] ?? state;
}

/** The membership types every company starts with (decisions.md; data in `membership_types`). */
export const DEFAULT_MEMBERSHIP_TYPES = [
  { type: 'GOLD', stars: 1, monthlyPrice: '600.00', maxSeats: 100 },
  { type: 'PLATINUM', stars: 2, monthlyPrice: '800.00', maxSeats: 40 },
  { type: 'DELUXE', stars: 3, monthlyPrice: '1200.00', maxSeats: 20 },
] as const;

const TYPE_TITLES: Record<TLanguage, Record<string, string>> = {
  es: { GOLD: 'Oro', PLATINUM: 'Platino', DELUXE: 'Deluxe' },
  en: { GOLD: 'Gold', PLATINUM: 'Platinum', DELUXE: 'Deluxe' },
};

/** A membership type's title in a language (the type's code for a type we do not name). */
export function membershipTypeTitle(type: string, language: TLanguage): string {
  return TYPE_TITLES[language][type] ?? type;
}

const toCents = (amount: string): bigint => {
  const match = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(amount.trim());
  if (!match) throw new Error(`not a money amount: ${amount}`);
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
};
const fromCents = (cents: bigint): string => {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** The exact sum of decimal amounts of at most two decimals (no float), as 'N.NN'. */
export function sumMoney(amounts: readonly string[]): string {
  return fromCents(amounts.reduce((total, amount) => total + toCents(amount), 0n));
}

/**
 * A monthly price as the zone card shows it: "600 € / mes" in Spanish, "€600 a month" in
 * English; thousands grouped ("1.200 € / mes", "€1,200 a month"), cents only when there are any.
 */
export function monthlyPriceText(amount: string, language: TLanguage): string {
  const cents = toCents(amount);
  const whole = cents / 100n;
  const rest = cents % 100n;
  const group = (value: bigint, sep: string) => value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  if (language === 'es') {
    // Spanish groups thousands from four digits with a point (RAE allows it; the spec writes "1.200 €").
    const text = `${group(whole, '.')}${rest ? `,${String(rest).padStart(2, '0')}` : ''}`;
    return `${text} € / mes`;
  }
  return `€${group(whole, ',')}${rest ? `.${String(rest).padStart(2, '0')}` : ''} a month`;
}

/**
 * Occupation in percent of the seats taken over the sum of the maxima, with one decimal
 * (rounded half up); 0 when the zone offers no seat.
 */
export function occupationPercent(taken: number, max: number): number {
  if (max <= 0) return 0;
  return Math.round((taken * 1000) / max) / 10;
}

/** The figures of a team (or of a group: the sums of its teams; of an agent: theirs). */
export interface TNetworkFigures {
  investmentTotal: string;
  membersTotal: number;
  customersTotal: number;
  activeContracts: number;
  activeLeads: number;
  discardedOfferings: number;
  discardedClients: number;
}

export const ZERO_FIGURES: TNetworkFigures = {
  investmentTotal: '0.00',
  membersTotal: 0,
  customersTotal: 0,
  activeContracts: 0,
  activeLeads: 0,
  discardedOfferings: 0,
  discardedClients: 0,
};

/** The sum of several nodes' figures (a group's from its teams'), money exact. */
export function sumFigures(list: readonly TNetworkFigures[]): TNetworkFigures {
  return {
    investmentTotal: sumMoney(list.map((f) => f.investmentTotal)),
    membersTotal: list.reduce((n, f) => n + f.membersTotal, 0),
    customersTotal: list.reduce((n, f) => n + f.customersTotal, 0),
    activeContracts: list.reduce((n, f) => n + f.activeContracts, 0),
    activeLeads: list.reduce((n, f) => n + f.activeLeads, 0),
    discardedOfferings: list.reduce((n, f) => n + f.discardedOfferings, 0),
    discardedClients: list.reduce((n, f) => n + f.discardedClients, 0),
  };
}

/** Whether a seat of a type may be taken: the type exists and fewer than its maximum are taken. */
export function seatAvailable(taken: number, max: number): boolean {
  return taken < max;
}
