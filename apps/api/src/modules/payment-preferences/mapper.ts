import { maskCard, type TPaymentPreference } from '@kc/domain';

export interface TPaymentPreferenceRow {
  id: string;
  kind: string;
  card_brand: string | null;
  card_last4: string | null;
  card_expiry?: string | null;
  iban_last4: string | null;
  ethereum_address: string | null;
}

/** The stored preference as the API shows it: never more of a card than brand, last four and expiry. */
export function toPaymentPreference(row: TPaymentPreferenceRow): TPaymentPreference {
  return {
    id: row.id,
    kind: row.kind as TPaymentPreference['kind'],
    creditCard: row.kind === 'CARD' && row.card_last4 ? maskCard(row.card_last4) : null,
    cardBrand: row.card_brand,
    expirationDate: row.card_expiry ?? null,
    ibanLastFour: row.iban_last4,
    ethereumAddress: row.ethereum_address,
  };
}
