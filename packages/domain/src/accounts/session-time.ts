/**
 * Session timing, kept apart from the zod schemas of session.ts so the app shell can use it
 * without loading zod on every page.
 */
interface TExpiring {
  expiryDate: string;
}

/** Milliseconds the session has left at `now` (0 once expired). */
export function getSessionRemainingMs(session: TExpiring, now: Date): number {
  return Math.max(0, Date.parse(session.expiryDate) - now.getTime());
}

/** True from the expiry instant on (and for an unreadable expiryDate). */
export function isSessionExpired(session: TExpiring, now: Date): boolean {
  const expiry = Date.parse(session.expiryDate);
  return Number.isNaN(expiry) || now.getTime() >= expiry;
}
