/**
 * What Contratar hands to the hiring screen (spec section 3, "Contract payload passed on
 * Contratar"): the plan id, start (now), end (now + numAnyos years) and every calculator value.
 * Kept in local storage so it survives a reload, a login or a sign-up in another tab.
 */
export interface THireDraft {
  calcId: string;
  /** ISO date-time. */
  fechaInicio: string;
  /** ISO date-time. */
  fechaFin: string;
  values: Record<string, number | undefined>;
}

export const HIRE_DRAFT_KEY = 'kc.hireDraft';

export function saveHireDraft(draft: THireDraft): void {
  try {
    window.localStorage.setItem(HIRE_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage unavailable: the hiring screen will ask to choose a product again.
  }
}

export function readHireDraft(): THireDraft | undefined {
  try {
    const raw = window.localStorage.getItem(HIRE_DRAFT_KEY);
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as THireDraft;
    return typeof draft.calcId === 'string' && typeof draft.values === 'object' ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function clearHireDraft(): void {
  try {
    window.localStorage.removeItem(HIRE_DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
