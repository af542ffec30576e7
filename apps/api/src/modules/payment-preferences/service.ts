import type { TPaymentPreference } from '@kc/domain';
import type { TDb } from '../../db/database.ts';
import { toPaymentPreference } from './mapper.ts';
import { findPaymentPreference, listPaymentPreferences, listPaymentPreferencesForExport } from './repository.ts';

/**
 * A person's current payment methods as the API shows them (never more of a card than brand,
 * last four and expiry; of an IBAN the last four), for another module: the KC market's seller
 * payouts show staff where to send the money (decision 0036).
 */
export async function listPaymentMethodsOf(db: TDb, companyId: string, userId: string): Promise<TPaymentPreference[]> {
  return (await listPaymentPreferences(db, companyId, userId)).map(toPaymentPreference);
}

/** Personal data export (issue 16): the person's payment methods, current and removed, as stored (no secret is stored). */
export function paymentPreferencesForExport(db: TDb, companyId: string, userId: string) {
  return listPaymentPreferencesForExport(db, companyId, userId);
}

/** One payment method as stored, by id, for another module (a contract's details). */
export function paymentPreferenceById(db: TDb, id: string) {
  return findPaymentPreference(db, id);
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { erasePaymentMethods } from './repository.ts';
