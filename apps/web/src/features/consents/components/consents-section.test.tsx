import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_TEXT_VERSIONS, type TConsentOverview } from '@kc/domain';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { COOKIE_CONSENT_KEY } from '../../../lib/cookie-consent.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { ConsentsSection, formatRecordedAt } from './consents-section.tsx';

const record = (purpose: string, choice: string, recordedAt: string, extra: Record<string, unknown> = {}) => ({
  id: `${purpose}-${choice}-${recordedAt}`,
  purpose,
  choice,
  textVersion: CONSENT_TEXT_VERSIONS[purpose as keyof typeof CONSENT_TEXT_VERSIONS],
  source: 'signUp',
  recordedAt,
  ...extra,
});

const overview = (...current: ReturnType<typeof record>[]): TConsentOverview =>
  ({
    current: current.map((r) => ({ ...r, changeable: r.purpose === 'cookies' || r.purpose === 'marketing', outdated: false })),
    history: current,
  }) as TConsentOverview;

const signedUp = overview(record('privacyPolicy', 'given', '2026-11-20T09:30:00.000Z'), record('marketing', 'given', '2026-11-20T09:30:00.000Z'));

beforeEach(() => window.localStorage.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('es');
});

const row = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('ConsentsSection', () => {
  it('shows each purpose with its state, text version and date (Madrid time)', async () => {
    fakeFetch(() => ({ status: 200, body: signedUp }));
    renderScreen(<ConsentsSection userId="u1" />);
    await screen.findByRole('heading', { level: 3, name: 'Comunicaciones comerciales' });
    const marketing = within(row('Comunicaciones comerciales'));
    expect(marketing.getByText('Otorgado')).toBeTruthy();
    expect(marketing.getByText(/Versión del texto: marketing-2026-11 · Fecha: 20\/11\/2026, 10:30 · Dónde: registro/)).toBeTruthy();
    expect(marketing.getByRole('button', { name: 'Retirar el consentimiento a las comunicaciones comerciales' })).toBeTruthy();
    const privacy = within(row('Política de privacidad'));
    expect(privacy.queryByRole('button')).toBeNull();
    expect(privacy.getByRole('link', { name: 'política de privacidad' })).toBeTruthy();
    const cookies = within(row('Cookies de análisis'));
    expect(cookies.getByText('Sin decisión registrada')).toBeTruthy();
    expect(cookies.getByRole('button', { name: 'Aceptar las cookies de análisis' })).toBeTruthy();
  });

  it('says when nothing is recorded yet', async () => {
    fakeFetch(() => ({ status: 200, body: overview() }));
    renderScreen(<ConsentsSection userId="u1" />);
    expect(await screen.findByText('Todavía no consta ningún consentimiento registrado en su cuenta.')).toBeTruthy();
  });

  it('shows the error with Reintentar, which loads again', async () => {
    let fail = true;
    const fetch = fakeFetch(() => (fail ? { status: 500, body: {} } : { status: 200, body: signedUp }));
    renderScreen(<ConsentsSection userId="u1" />);
    await screen.findByText('Error en la operación');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('heading', { level: 3, name: 'Comunicaciones comerciales' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('withdraws marketing with the text version in force, and shows the new record', async () => {
    const after = overview(record('privacyPolicy', 'given', '2026-11-20T09:30:00.000Z'), record('marketing', 'withdrawn', '2026-11-27T15:05:00.000Z', { source: 'account' }));
    const fetch = fakeFetch((url, init) => ({ status: 200, body: init.method === 'POST' ? after : signedUp }));
    renderScreen(<ConsentsSection userId="u1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retirar el consentimiento a las comunicaciones comerciales' }));
    await screen.findByText('Hemos registrado su decisión.');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ purpose: 'marketing', choice: 'withdrawn', textVersion: 'marketing-2026-11', source: 'account' });
    const marketing = within(row('Comunicaciones comerciales'));
    expect(marketing.getByText('Retirado')).toBeTruthy();
    expect(marketing.getByText(/Fecha: 27\/11\/2026, 16:05 · Dónde: su cuenta/)).toBeTruthy();
    expect(marketing.getByRole('button', { name: 'Aceptar las comunicaciones comerciales' })).toBeTruthy();
  });

  it('a cookies withdrawal also applies in this browser', async () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    window.localStorage.setItem('_ga_x', '1');
    const given = overview(record('cookies', 'given', '2026-11-26T08:00:00.000Z', { source: 'cookieDialog' }));
    const withdrawn = overview(record('cookies', 'withdrawn', '2026-11-27T08:00:00.000Z', { source: 'account' }));
    fakeFetch((url, init) => ({ status: 200, body: init.method === 'POST' ? withdrawn : given }));
    renderScreen(<ConsentsSection userId="u1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retirar el consentimiento a las cookies' }));
    await screen.findByText('Hemos registrado su decisión.');
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('rejected');
    expect(window.localStorage.getItem('_ga_x')).toBeNull();
  });

  it('shows the server’s refusal and changes nothing here', async () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    const given = overview(record('cookies', 'given', '2026-11-26T08:00:00.000Z', { source: 'cookieDialog' }));
    fakeFetch((url, init) =>
      init.method === 'POST'
        ? { status: 409, body: { type: 'about:blank', status: 409, code: 'consentTextOutdated', title: 'Texto desactualizado', detail: 'El texto que ha leído ya no es el vigente.' } }
        : { status: 200, body: given },
    );
    renderScreen(<ConsentsSection userId="u1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retirar el consentimiento a las cookies' }));
    expect((await screen.findByRole('alert')).textContent).toContain('El texto que ha leído ya no es el vigente.');
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');
    expect(within(row('Cookies de análisis')).getByText('Otorgado')).toBeTruthy();
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    fakeFetch(() => ({ status: 200, body: signedUp }));
    renderScreen(<ConsentsSection userId="u1" />);
    await screen.findByRole('heading', { level: 2, name: 'Your consents' });
    await screen.findByRole('heading', { level: 3, name: 'Marketing communications' });
    expect(within(row('Marketing communications')).getByRole('button', { name: 'Withdraw consent to marketing communications' })).toBeTruthy();
    expect(formatRecordedAt('2026-07-01T10:00:00.000Z', 'en')).toBe('01/07/2026, 12:00');
  });
});
