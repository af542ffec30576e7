import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addNamespaces, i18n } from '../../../lib/i18n.ts';
import landingEs from '../../../locales/es/landing.json';
import type { TCarouselEngineProps, TEmbla } from './landing-carousel-engine.tsx';
import { LandingCarousel, SLIDE_INTERVAL_MS } from './landing-carousel.tsx';

addNamespaces({ landing: { es: landingEs, en: landingEs } });

/** A stand-in for embla: four snaps, 'select' events, and a record of what it was asked. */
function fakeEmbla() {
  let index = 0;
  const listeners = new Set<() => void>();
  const select = (to: number) => {
    index = (to + 4) % 4;
    listeners.forEach((l) => l());
  };
  const api = {
    calls: [] as string[],
    selectedScrollSnap: () => index,
    scrollNext: () => (api.calls.push('next'), select(index + 1)),
    scrollPrev: () => (api.calls.push('prev'), select(index - 1)),
    scrollTo: (to: number) => (api.calls.push(`to ${to}`), select(to)),
    on: (_: string, l: () => void) => (listeners.add(l), api),
    off: (_: string, l: () => void) => (listeners.delete(l), api),
  };
  return api;
}

const engine = { loads: 0, embla: fakeEmbla(), viewport: null as HTMLElement | null };
vi.mock('./landing-carousel-engine.tsx', () => ({
  default: function FakeEngine({ viewport, onReady }: TCarouselEngineProps) {
    useEffect(() => {
      engine.loads += 1;
      engine.viewport = viewport;
      // Like the real chunk, it is not ready at once.
      const timer = setTimeout(() => onReady(engine.embla as unknown as TEmbla), 100);
      return () => clearTimeout(timer);
    }, [viewport, onReady]);
    return null;
  },
}));

let reduced = false;
beforeEach(() => {
  engine.loads = 0;
  engine.embla = fakeEmbla();
  reduced = false;
  window.matchMedia = (query: string) =>
    ({ matches: reduced && query.includes('reduce'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

/** Lets the lazy engine's import and effects settle. */
const settle = () => act(async () => {
  await vi.advanceTimersByTimeAsync(100);
});

function renderCarousel() {
  render(
    <I18nextProvider i18n={i18n}>
      <LandingCarousel />
    </I18nextProvider>,
  );
  const region = screen.getByRole('region', { name: 'Presentación de KC' });
  const live = region.querySelector('[aria-live]')!;
  const dot = (n: number) => screen.getByRole('button', { name: `Ir a la diapositiva ${n}` });
  const current = () => [1, 2, 3, 4].find((n) => dot(n).getAttribute('aria-current') === 'true');
  return { region, live, dot, current };
}

describe('LandingCarousel', () => {
  it('shows the first slide without the engine, then fetches it shortly before the first change, which comes on time', async () => {
    const { live, current } = renderCarousel();
    await settle();
    expect(current()).toBe(1);
    expect(live.getAttribute('aria-live')).toBe('off');
    expect(engine.loads).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(SLIDE_INTERVAL_MS - 2000 - 100));
    expect(engine.loads).toBe(1);
    expect(engine.viewport?.firstElementChild).toBe(live);
    expect(current()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(current()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(SLIDE_INTERVAL_MS));
    expect(current()).toBe(3);
  });

  it('a control used before the engine is ready fetches it and takes effect once it is', async () => {
    const { region, current, dot } = renderCarousel();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Diapositiva anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Diapositiva anterior' }));
    await settle();
    expect(engine.embla.calls).toEqual(['to 2']);
    expect(current()).toBe(3);
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(current()).toBe(4);
    fireEvent.click(dot(1));
    expect(current()).toBe(1);
  });

  it('pauses while hovered or focused and when paused, announcing changes; resumes after', async () => {
    const { region, live, current } = renderCarousel();
    fireEvent.mouseEnter(region);
    await settle();
    expect(engine.loads).toBe(1);
    expect(live.getAttribute('aria-live')).toBe('polite');
    await act(() => vi.advanceTimersByTimeAsync(3 * SLIDE_INTERVAL_MS));
    expect(current()).toBe(1);
    fireEvent.mouseLeave(region);
    expect(live.getAttribute('aria-live')).toBe('off');
    await act(() => vi.advanceTimersByTimeAsync(SLIDE_INTERVAL_MS));
    expect(current()).toBe(2);

    const pause = screen.getByRole('button', { name: 'Pausar la presentación' });
    fireEvent.focus(pause);
    expect(live.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(pause);
    fireEvent.blur(pause);
    expect(screen.getByRole('button', { name: 'Reanudar la presentación' })).toBeTruthy();
    expect(live.getAttribute('aria-live')).toBe('polite');
    await act(() => vi.advanceTimersByTimeAsync(3 * SLIDE_INTERVAL_MS));
    expect(current()).toBe(2);
  });

  it('never rotates nor fetches the engine by itself when the system asks for reduced motion', async () => {
    reduced = true;
    const { live, current } = renderCarousel();
    await settle();
    expect(live.getAttribute('aria-live')).toBe('polite');
    await act(() => vi.advanceTimersByTimeAsync(3 * SLIDE_INTERVAL_MS));
    expect(current()).toBe(1);
    expect(engine.loads).toBe(0);
  });
});
