import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export const DEMO_PASSWORD = 'demo-password-2026';

export interface TE2eSession {
  userId: string;
  token: string;
  identity: { id: string; username: string; roles: string[] };
  roles: string[];
  expiryTime: number;
  expiryDate: string;
}

const COMPANY = { 'company-id': '1' };
const CLIENT = { client_id: 'kc-mobile', client_secret: 'kc-mobile-secret' };
const MFA_GRANT = 'urn:kc:params:oauth:grant-type:mfa';
/** A cached session of a user with a second factor is reused only while its step-up is this fresh (the server's window is 5 minutes). */
const FRESH_STEP_UP_MS = 4 * 60 * 1000;
const STEP_MS = 30_000;

/**
 * What the helper keeps between tests (and worker restarts) for one run, in the server's data
 * folder (wiped when the server starts): the authenticator secret of each e-mail it enrolled or
 * was told about, the last TOTP step it used, and the sessions it opened.
 */
function stateDir(): string {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const dir = path.join(dataDir, 'e2e-auth');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
const keyOf = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);
const totpFile = (email: string) => path.join(stateDir(), `totp-${keyOf(email.trim().toLowerCase())}.json`);
const sessionFile = (email: string, password: string) => path.join(stateDir(), `session-${keyOf(email.trim().toLowerCase(), password)}.json`);

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

interface TTotpState {
  secret: string;
  /** The last time step this helper used (the server refuses it, and older ones, again). */
  lastStep: number | null;
}

/** Tells the helper the authenticator secret of an e-mail (a test that enrolled through the screens). */
export function saveTotpSecret(email: string, secret: string, lastStep: number | null = null): void {
  fs.writeFileSync(totpFile(email), JSON.stringify({ secret: secret.replace(/\s/g, ''), lastStep } satisfies TTotpState));
}

const stepNow = () => Math.floor(Date.now() / STEP_MS);
const codeAt = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * STEP_MS });

/**
 * A code the server will take: of a step within ±1 of now and later than the last one used. When
 * the helper has used the step after the current one already, it waits (at most 30 s) until the
 * window moves on. The step is recorded before the code is sent. Exported for tests that type the
 * code into the login's second step (the e-mail's secret must be known: enrolled by this helper
 * or given with `saveTotpSecret`).
 */
export async function nextTotpCode(email: string): Promise<string> {
  const state = readJson<TTotpState>(totpFile(email));
  if (!state) throw new Error(`${email} has a second factor, but this helper does not know its secret (saveTotpSecret)`);
  for (;;) {
    const now = stepNow();
    const step = Math.max(now - 1, (state.lastStep ?? -Infinity) + 1);
    if (step <= now + 1) {
      saveTotpSecret(email, state.secret, step);
      return codeAt(state.secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * STEP_MS - Date.now() + 50));
  }
}

/** Whether the token is still a session (not logged out, expired or revoked) and, for a user with a factor, recently stepped up. */
async function isUsable(request: APIRequestContext, token: string): Promise<boolean> {
  const headers = { authorization: `Bearer ${token}`, ...COMPANY };
  if (!(await request.get('/api/users/identity', { headers })).ok()) return false;
  const status = await request.get('/api/strong-auth', { headers });
  if (!status.ok()) return false;
  const { hasSecondFactor, secondFactorAt } = (await status.json()) as { hasSecondFactor: boolean; secondFactorAt: string | null };
  return !hasSecondFactor || (secondFactorAt !== null && Date.now() - new Date(secondFactorAt).getTime() < FRESH_STEP_UP_MS);
}

/** Staff must enrol before the back office (403 enrolmentRequired): enrols an authenticator app through the API and keeps its secret. */
async function enrolIfRequired(request: APIRequestContext, email: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, ...COMPANY };
  const status = await request.get('/api/strong-auth', { headers });
  if (!status.ok() || !((await status.json()) as { enrolmentRequired: boolean }).enrolmentRequired) return;
  const setup = await request.post('/api/strong-auth/totp/setup', { headers });
  if (!setup.ok()) throw new Error(`enrolment of ${email} failed: ${setup.status()} ${await setup.text()}`);
  const secret = new URL(((await setup.json()) as { otpauthUri: string }).otpauthUri).searchParams.get('secret')!;
  saveTotpSecret(email, secret);
  const confirm = await request.post('/api/strong-auth/totp/confirm', { headers, data: { code: await nextTotpCode(email) } });
  if (!confirm.ok()) throw new Error(`enrolment of ${email} failed: ${confirm.status()} ${await confirm.text()}`);
}

/** POST /oauth/token with the password, then the second step (TOTP) when the server asks for it. */
async function obtainToken(request: APIRequestContext, email: string, password: string): Promise<{ access_token: string; expires_in: number }> {
  const first = await request.post('/oauth/token', { form: { grant_type: 'password', ...CLIENT, username: email, password }, headers: COMPANY });
  if (first.ok()) return (await first.json()) as { access_token: string; expires_in: number };
  const refusal = (await first.json().catch(() => ({}))) as { error?: string; mfa_token?: string };
  if (refusal.error !== 'mfa_required' || !refusal.mfa_token) throw new Error(`login of ${email} failed: ${first.status()} ${JSON.stringify(refusal)}`);
  // A code refused (its step taken meanwhile by a login the helper did not see) is retried once with the next step.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const second = await request.post('/oauth/token', {
      form: { grant_type: MFA_GRANT, ...CLIENT, mfa_token: refusal.mfa_token, otp: await nextTotpCode(email) },
      headers: COMPANY,
    });
    if (second.ok()) return (await second.json()) as { access_token: string; expires_in: number };
    if (attempt === 1) throw new Error(`second step of ${email} failed: ${second.status()} ${await second.text()}`);
  }
  throw new Error('unreachable');
}

/**
 * A real session from the running server: POST /oauth/token (and its second step for a user with
 * a factor; staff without one enrol first), then GET /api/users/identity. The sessions of users
 * with a second factor (each login spends a TOTP step: the server takes each step once) are cached
 * per e-mail and password for the run, and reused only while the server still accepts them and
 * their step-up is fresh (a test that logs out or changes the password gets a new one);
 * `reuse: false` asks for a session of its own.
 */
export async function createSession(request: APIRequestContext, email: string, password = DEMO_PASSWORD, options: { reuse?: boolean } = {}): Promise<TE2eSession> {
  const cacheFile = sessionFile(email, password);
  const cached = options.reuse === false ? undefined : readJson<TE2eSession>(cacheFile);
  if (cached && new Date(cached.expiryDate).getTime() - Date.now() > 60_000 && (await isUsable(request, cached.token))) return cached;

  const token = await obtainToken(request, email, password);
  const headers = { authorization: `Bearer ${token.access_token}`, ...COMPANY };
  await enrolIfRequired(request, email, token.access_token);
  const identity = (await (await request.get('/api/users/identity', { headers })).json()) as { id: string; username: string; roles: string[] };
  const expiryTime = token.expires_in * 1000;
  const session = {
    userId: identity.id,
    token: token.access_token,
    identity,
    roles: identity.roles,
    expiryTime,
    expiryDate: new Date(Date.now() + expiryTime).toISOString(),
  };
  const status = await request.get('/api/strong-auth', { headers });
  if (options.reuse !== false && status.ok() && ((await status.json()) as { hasSecondFactor: boolean }).hasSecondFactor) {
    fs.writeFileSync(cacheFile, JSON.stringify(session));
  }
  return session;
}

/** The web app's session cookie (HttpOnly: no script of the page reads it; docs/decisions/0048-session-cookie.md). */
export const SESSION_COOKIE = '__Host-kc_session';

/** What the web app keeps in storage for a session: everything but the token. */
export function storedSessionOf(session: TE2eSession): Omit<TE2eSession, 'token'> {
  const { token: _token, ...stored } = session;
  return stored;
}

/** The app's origins in this run: the base URL's, and localhost's (the passkeys spec opens the app there). */
function appOrigins(): string[] {
  const base = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1/');
  return [base.origin, `${base.protocol}//localhost:${base.port}`];
}

/**
 * Gives the browser the session's cookie, as the login page's answer would (the same token, so
 * the API calls of the test with `apiHeaders` and the page's calls are one session). By host and
 * path, not by URL: Playwright marks a cookie given with an http URL as not Secure, which the
 * `__Host-` prefix refuses.
 */
export async function giveSessionCookie(context: BrowserContext, session: TE2eSession): Promise<void> {
  await context.addCookies(
    appOrigins().map((origin) => ({
      name: SESSION_COOKIE,
      value: session.token,
      domain: new URL(origin).hostname,
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Strict' as const,
    })),
  );
}

/** The session cookie's value the browser holds (undefined: none). */
export async function sessionCookieValue(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(appOrigins()[0])).find((c) => c.name === SESSION_COOKIE)?.value;
}

/**
 * Logs the page in without the login page: the browser holds the session cookie and the session
 * (without its token) is in local storage before any script runs.
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<TE2eSession> {
  const session = await createSession(page.request, email, password);
  await giveSessionCookie(page.context(), session);
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('kc.e2eLoggedOut')) window.localStorage.setItem('kc.userData', value);
  }, JSON.stringify(storedSessionOf(session)));
  return session;
}

/** Calls the API with a session's bearer token. */
export function apiHeaders(session: TE2eSession): Record<string, string> {
  return { authorization: `Bearer ${session.token}`, 'company-id': '1' };
}
