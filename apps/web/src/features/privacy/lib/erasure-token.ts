/** The token of the erasure mail's link `/web/privacy/erasure/confirm#token=…` (in the fragment: it reaches no server log). */
export function erasureTokenFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const token = new URLSearchParams(fragment).get('token');
  return token && /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null;
}
