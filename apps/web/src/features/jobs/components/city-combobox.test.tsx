import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { fakeFetch } from '../../../test/render-app.tsx';
import '../i18n.ts';
import { CityCombobox, clearCityCache } from './city-combobox.tsx';

const CITIES = [
  { id: '2510911', name: 'Sevilla', openOffers: 2 },
  { id: '3117735', name: 'Madrid', openOffers: 3 },
  { id: '3128760', name: 'Barcelona', openOffers: 1 },
];

/** The server's typeahead: filters by the text's start; 'many' answers 150 cities. */
function citiesServer() {
  return fakeFetch((url) => {
    const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
    if (q === 'many') return { status: 200, body: { content: Array.from({ length: 150 }, (_, i) => ({ id: String(1000 + i), name: `Villa ${i}`, openOffers: 0 })) } };
    if (q === 'boom') return { status: 503, body: { title: 'down' } };
    return { status: 200, body: { content: CITIES.filter((c) => c.name.toLowerCase().startsWith(q.toLowerCase())) } };
  });
}

function Harness({ onPick }: { onPick: (id: string, name: string) => void }) {
  const [city, setCity] = useState({ id: 'all', name: '' });
  return (
    <I18nextProvider i18n={i18n}>
      <CityCombobox
        value={city.id}
        valueName={city.name}
        onChange={(id, name) => {
          setCity({ id, name });
          onPick(id, name);
        }}
      />
      <button type="button">elsewhere</button>
    </I18nextProvider>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Ciudad' });
const typeIn = async (text: string) => {
  fireEvent.change(box(), { target: { value: text } });
  // The pause while typing (150 ms) and the answer.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(200);
  });
};

beforeEach(() => {
  clearCityCache();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CityCombobox (light typeahead, specification 5)', () => {
  it('opens with every city and "all" for an empty box (minimum length 0), as an ARIA combobox', async () => {
    const fetch = citiesServer();
    render(<Harness onPick={() => {}} />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect((box() as HTMLInputElement).value).toBe('Todas las ciudades');
    fireEvent.click(box());
    const listbox = await screen.findByRole('listbox');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(listbox.id);
    expect(box().getAttribute('aria-autocomplete')).toBe('list');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas las ciudades', 'Sevilla', 'Madrid', 'Barcelona']);
    expect(screen.getByRole('option', { name: 'Todas las ciudades' }).getAttribute('aria-selected')).toBe('true');
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/jobs/cities?q=');
  });

  it('narrows as one types, moves with the arrow keys and chooses with Enter (without sending a form)', async () => {
    const fetch = citiesServer();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    fireEvent.click(box());
    await screen.findByRole('listbox');
    await typeIn('Se');
    expect(String(fetch.mock.calls.at(-1)?.[0])).toBe('/api/jobs/cities?q=Se');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Sevilla']);
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
    const enter = fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(enter).toBe(false);
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Sevilla' }).id);
    const notCancelled = fireEvent.keyDown(box(), { key: 'Enter' });
    expect(notCancelled).toBe(false);
    expect(onPick).toHaveBeenCalledWith('2510911', 'Sevilla');
    expect((box() as HTMLInputElement).value).toBe('Sevilla');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("says 'No matches found.' in its Spanish text when nothing matches, with no empty listbox", async () => {
    citiesServer();
    render(<Harness onPick={() => {}} />);
    fireEvent.click(box());
    await typeIn('zzzqx');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No se han encontrado coincidencias.'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('shows at most 100 results however many the server sends', async () => {
    citiesServer();
    render(<Harness onPick={() => {}} />);
    fireEvent.click(box());
    await typeIn('many');
    expect(screen.getAllByRole('option')).toHaveLength(100);
  });

  it('Escape closes; leaving without choosing puts the chosen city back; an emptied box means all cities', async () => {
    citiesServer();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    fireEvent.click(box());
    await screen.findByRole('listbox');
    fireEvent.click(screen.getByRole('option', { name: 'Madrid' }));
    expect(onPick).toHaveBeenLastCalledWith('3117735', 'Madrid');
    await typeIn('Bar');
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.blur(box());
    expect((box() as HTMLInputElement).value).toBe('Madrid');
    expect(onPick).toHaveBeenCalledTimes(1);
    fireEvent.change(box(), { target: { value: '' } });
    fireEvent.blur(box());
    expect(onPick).toHaveBeenLastCalledWith('all', '');
    expect((box() as HTMLInputElement).value).toBe('Todas las ciudades');
  });

  it('says so when the cities cannot be loaded', async () => {
    citiesServer();
    render(<Harness onPick={() => {}} />);
    fireEvent.click(box());
    await typeIn('boom');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No hemos podido cargar las ciudades. Inténtelo de nuevo.'));
  });
});
