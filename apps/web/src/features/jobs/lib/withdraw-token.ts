/** The one-time token of a mailed link (`/web/jobs/withdraw#token=…`, `/web/jobs/confirm-changes#token=…`; in the fragment: it reaches no server log). */
export function tokenFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const token = new URLSearchParams(fragment).get('token') ?? (fragment && !fragment.includes('=') ? fragment : null);
  return token && /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null;
}
