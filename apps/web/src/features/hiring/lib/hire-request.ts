import type { TCreateContractRequest, TProduct } from '@kc/domain';
import type { THireDraft } from '../../../lib/hire-draft.ts';

const KEY_STORAGE = 'kc.hireIdempotency';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const formatIsoDate = (d: { year: number; month: number; day: number }) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** Today's date in the browser's calendar, and the same day `years` later (29 Feb → 28 Feb). */
export function termDates(years: number, now = new Date()): { start: string; end: string } {
  const start = { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
  const endYear = start.year + years;
  const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const endDay = start.month === 2 && start.day === 29 && !isLeap(endYear) ? 28 : start.day;
  return { start: formatIsoDate(start), end: formatIsoDate({ year: endYear, month: start.month, day: endDay }) };
}

export interface THirePlan {
  initial: number;
  monthly: number;
  years: number;
}

/** The amounts and term of a draft, with the product's fixed values written over them. */
export function planOf(draft: THireDraft, product: TProduct | undefined): THirePlan {
  const values = draft.values;
  return {
    initial: product?.fixedValues.capitalInicial ?? values['capitalInicial'] ?? 0,
    monthly: product?.fixedValues.aportacionMensual ?? values['aportacionMensual'] ?? 0,
    years: values['numAnyos'] ?? 0,
  };
}

export function buildHireRequest(product: TProduct, plan: THirePlan, paymentPreferenceId: string, now = new Date()): TCreateContractRequest {
  const { start, end } = termDates(plan.years, now);
  return {
    productType: product.productType,
    productKey: product.productKey,
    productId: product.id,
    recurringAmount: plan.monthly,
    initialAmount: plan.initial,
    submissionDate: start,
    expiringDate: end,
    paymentPreferenceId,
  };
}

/** One Idempotency-Key per draft, kept across reloads, so a retry of the same draft never hires twice. */
export function idempotencyKeyFor(draft: THireDraft): string {
  const draftId = `${draft.calcId}|${draft.fechaInicio}`;
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEY_STORAGE) ?? 'null') as { draftId: string; key: string } | null;
    if (stored?.draftId === draftId) return stored.key;
    const key = crypto.randomUUID();
    window.localStorage.setItem(KEY_STORAGE, JSON.stringify({ draftId, key }));
    return key;
  } catch {
    return `${draftId}|${Math.random().toString(36).slice(2)}`;
  }
}

export function forgetIdempotencyKey(): void {
  try {
    window.localStorage.removeItem(KEY_STORAGE);
  } catch {
    // Nothing stored.
  }
}
