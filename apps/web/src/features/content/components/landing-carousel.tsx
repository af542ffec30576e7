import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import type { TEmbla } from './landing-carousel-engine.tsx';
import { CarouselView } from './landing-carousel-view.tsx';

/** Milliseconds each slide stays before the next one while the presentation plays. */
export const SLIDE_INTERVAL_MS = 7000;
/** How long before the first automatic slide change the engine starts loading. */
const ENGINE_LEAD_MS = 2000;

// The engine (embla: motion and swipe) is not part of the first load: the prerendered HTML
// already shows the first slide and working controls; it loads when the visitor reaches for the
// carousel (pointer, focus) or shortly before the first automatic change.
const LandingCarouselEngine = lazy(() => import('./landing-carousel-engine.tsx'));

/**
 * The landing's four-slide presentation: previous/next, a button per slide, play/pause and the
 * arrow keys. It rotates only while nobody hovers or focuses it and never when the system asks
 * for reduced motion; changes are announced when it is not rotating.
 */
export function LandingCarousel() {
  const { t } = useTranslation('landing');
  const count = (t('carousel.slides', { returnObjects: true }) as unknown[]).length;
  const reducedMotion = useReducedMotion();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const embla = useRef<TEmbla | null>(null);
  /** Where the visitor asked to go before the engine was ready. */
  const pending = useRef<number | null>(null);
  const [engineWanted, setEngineWanted] = useState(false);
  const [ready, setReady] = useState(false);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = playing && !reducedMotion && !hovered && !focused;

  const wake = useCallback(() => setEngineWanted(true), []);
  /** Before the engine is ready: remember the slide asked for, and fetch the engine. */
  const queue = useCallback(
    (move: (from: number) => number) => {
      pending.current = move(pending.current ?? 0);
      wake();
    },
    [wake],
  );
  const onPrevious = useCallback(() => {
    if (embla.current) embla.current.scrollPrev();
    else queue((from) => (from + count - 1) % count);
  }, [queue, count]);
  const onNext = useCallback(() => {
    if (embla.current) embla.current.scrollNext();
    else queue((from) => (from + 1) % count);
  }, [queue, count]);
  const onGoTo = useCallback(
    (index: number) => {
      if (embla.current) embla.current.scrollTo(index);
      else queue(() => index);
    },
    [queue],
  );

  const onReady = useCallback((instance: TEmbla | null) => {
    embla.current = instance;
    setReady(Boolean(instance));
  }, []);

  useEffect(() => {
    const instance = embla.current;
    if (!ready || !instance) return;
    const onSelect = () => setSelected(instance.selectedScrollSnap());
    if (pending.current !== null) instance.scrollTo(pending.current);
    pending.current = null;
    onSelect();
    instance.on('select', onSelect).on('reInit', onSelect);
    return () => {
      instance.off('select', onSelect).off('reInit', onSelect);
    };
  }, [ready]);

  useEffect(() => {
    if (!rotating) return;
    const load = window.setTimeout(wake, SLIDE_INTERVAL_MS - ENGINE_LEAD_MS);
    const timer = window.setInterval(onNext, SLIDE_INTERVAL_MS);
    return () => {
      window.clearTimeout(load);
      window.clearInterval(timer);
    };
  }, [rotating, wake, onNext]);

  const onHover = useCallback(
    (value: boolean) => {
      setHovered(value);
      if (value) wake();
    },
    [wake],
  );
  const onFocusWithin = useCallback(
    (value: boolean) => {
      setFocused(value);
      if (value) wake();
    },
    [wake],
  );

  return (
    <>
      <CarouselView
        viewportRef={setViewport}
        selected={selected}
        playing={playing}
        rotating={rotating}
        onPrevious={onPrevious}
        onNext={onNext}
        onGoTo={onGoTo}
        onTogglePlay={() => setPlaying((p) => !p)}
        onHover={onHover}
        onFocusWithin={onFocusWithin}
        onPointerDown={wake}
      />
      {engineWanted && (
        <Suspense fallback={null}>
          <LandingCarouselEngine viewport={viewport} reducedMotion={reducedMotion} onReady={onReady} />
        </Suspense>
      )}
    </>
  );
}
