/** The token of the confirmation link `/web/account/email/confirm#token=…` (in the fragment: it reaches no server log), or null. */
export function emailChangeTokenFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const token = new URLSearchParams(fragment).get('token');
  return token && /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null;
}
