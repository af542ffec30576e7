import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TJobOfferSummary } from '@kc/domain';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { clearCityCache } from './city-combobox.tsx';
import { JobListPage } from './job-list-page.tsx';

const offer = (n: number): TJobOfferSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Oferta ${n}`,
  companyName: 'KC',
  countryId: 'ES',
  cityId: '2510911',
  cityName: 'Sevilla',
  contractType: 'PERMANENT',
  salaryMin: '30000.00',
  salaryMax: '36000.00',
  currency: 'EUR',
  language: 'es',
  publishedAt: '2026-11-20T10:00:00.000Z',
  closesOn: null,
  excerpt: 'Plantaciones de paulownia.',
});

type TAnswer = { status: number; body?: unknown };
/** The public search: 45 offers in pages of 20, unless `answer` says otherwise. */
function searchServer(answer?: (url: URL) => TAnswer | undefined) {
  return fakeFetch((raw) => {
    const url = new URL(raw, 'http://x');
    if (url.pathname === '/api/jobs/cities') return { status: 200, body: { content: [] } };
    const custom = answer?.(url);
    if (custom) return custom;
    const page = Number(url.searchParams.get('page') ?? 0);
    const content = Array.from({ length: Math.max(0, Math.min(20, 45 - page * 20)) }, (_, i) => offer(page * 20 + i + 1));
    return { status: 200, body: { content, totalElements: 45, totalPages: 3, number: page, size: 20 } };
  });
}
const searches = (fetch: ReturnType<typeof fakeFetch>) =>
  fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((url) => url.pathname === '/api/jobs/offers');

afterEach(() => {
  vi.unstubAllGlobals();
  clearCityCache();
});

describe('JobListPage (light kit; filters in the query string)', () => {
  it('reads the filters from the URL, asks the API for them and shows the totals and real pages as links', async () => {
    const fetch = searchServer();
    renderScreen(<JobListPage />, { url: '/jobs/offers?q=agronomo&cityId=2510911&city=Sevilla&salaryFrom=25000&sort=salary&page=1', path: '/jobs/offers' });
    // The loading state, announced, with cards holding the room.
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Cargando ofertas…');
    expect(await screen.findByText('45 ofertas encontradas · Página 2 de 3')).toBeTruthy();
    const query = searches(fetch)[0]!.searchParams;
    expect(Object.fromEntries(query)).toEqual({ q: 'agronomo', cityId: '2510911', salaryFrom: '25000', sort: 'salary', page: '1', size: '20' });
    expect((screen.getByRole('searchbox', { name: 'Palabras clave' }) as HTMLInputElement).value).toBe('agronomo');
    expect((screen.getByRole('combobox', { name: 'Ciudad' }) as HTMLInputElement).value).toBe('Sevilla');
    expect((screen.getByRole('combobox', { name: 'Ordenar por' }) as HTMLSelectElement).value).toBe('salary');
    expect(screen.getAllByRole('article')).toHaveLength(20);
    // Right under the page's h1, each offer's title is an h2 (heading order).
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: 'Páginas de resultados' });
    const current = screen.getByRole('link', { name: 'Página 2' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(pages.contains(current)).toBe(true);
    expect(screen.getByRole('link', { name: 'Página siguiente' }).getAttribute('href')).toBe(
      '/jobs/offers?q=agronomo&cityId=2510911&city=Sevilla&salaryFrom=25000&sort=salary&page=2',
    );
    expect(screen.getByRole('link', { name: 'Página anterior' }).getAttribute('href')).toBe('/jobs/offers?q=agronomo&cityId=2510911&city=Sevilla&salaryFrom=25000&sort=salary');
  });

  it('puts the filters in the URL on Apply (page back to the first) and asks again', async () => {
    const fetch = searchServer();
    const router = renderScreen(<JobListPage />, { url: '/jobs/offers?page=2', path: '/jobs/offers' });
    await screen.findByText('45 ofertas encontradas · Página 3 de 3');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Palabras clave' }), { target: { value: 'montes' } });
    fireEvent.change(screen.getByLabelText('Salario desde (€/año)'), { target: { value: '28000,50' } });
    fireEvent.change(screen.getByLabelText('Salario hasta (€/año)'), { target: { value: '40000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=montes&salaryFrom=28000.50&salaryTo=40000'));
    await waitFor(() => expect(Object.fromEntries(searches(fetch).at(-1)!.searchParams)).toEqual({ q: 'montes', salaryFrom: '28000.50', salaryTo: '40000', page: '0', size: '20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('refuses a malformed salary and a reversed range with a field error, changing neither the URL nor the search', async () => {
    const fetch = searchServer();
    const router = renderScreen(<JobListPage />, { url: '/jobs/offers?q=vet', path: '/jobs/offers' });
    await screen.findByText('45 ofertas encontradas · Página 1 de 3');
    const calls = searches(fetch).length;
    const from = screen.getByLabelText('Salario desde (€/año)');
    fireEvent.change(from, { target: { value: '30.000 €' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    const error = await screen.findByText('Indique un importe bruto anual en euros, sin puntos de miles (por ejemplo, 30000).');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(from);

    fireEvent.change(from, { target: { value: '50000' } });
    fireEvent.change(screen.getByLabelText('Salario hasta (€/año)'), { target: { value: '40000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    expect(await screen.findByText('El salario «hasta» no puede ser inferior al salario «desde».')).toBeTruthy();
    expect(screen.getByLabelText('Salario hasta (€/año)').getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-invalid')).toBeNull();

    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(router.state.location.search).toBe('?q=vet');
    expect(searches(fetch)).toHaveLength(calls);
  });

  it('drops malformed values of a hand-edited URL instead of failing', async () => {
    const fetch = searchServer();
    renderScreen(<JobListPage />, { url: '/jobs/offers?salaryFrom=abc&cityId=x1&sort=cheapest&page=-3', path: '/jobs/offers' });
    await screen.findByText('45 ofertas encontradas · Página 1 de 3');
    expect(Object.fromEntries(searches(fetch)[0]!.searchParams)).toEqual({ page: '0', size: '20' });
  });

  it('shows the empty state', async () => {
    searchServer(() => ({ status: 200, body: { content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 } }));
    renderScreen(<JobListPage />, { url: '/jobs/offers?q=nada', path: '/jobs/offers' });
    expect(await screen.findByText('No hay ofertas abiertas con estos filtros. Pruebe con otras palabras o con todas las ciudades.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Páginas de resultados' })).toBeNull();
  });

  it('shows the error state with a retry that asks again', async () => {
    let fail = true;
    const fetch = searchServer(() => (fail ? { status: 503, body: { title: 'Service Unavailable' } } : undefined));
    renderScreen(<JobListPage />, { url: '/jobs/offers', path: '/jobs/offers' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No hemos podido cargar las ofertas.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('45 ofertas encontradas · Página 1 de 3')).toBeTruthy();
    expect(searches(fetch).length).toBeGreaterThanOrEqual(2);
  });
});
