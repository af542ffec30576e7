import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { CarouselView } from './landing-carousel-view.tsx';

/** Milliseconds each slide stays before the next one while the presentation plays. */
export const SLIDE_INTERVAL_MS = 7000;

/**
 * The carousel's behaviour on embla: previous/next, a button per slide, play/pause and the arrow
 * keys. It rotates only while nobody hovers or focuses it, never when the system asks for
 * reduced motion (then slides change without animation), and announces changes when not rotating.
 */
export default function LandingCarouselEngine() {
  const reducedMotion = useReducedMotion();
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: reducedMotion ? 0 : 25 });
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = playing && !reducedMotion && !hovered && !focused;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (!embla || !rotating) return;
    const timer = window.setInterval(() => embla.scrollNext(), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [embla, rotating]);

  const onPrevious = useCallback(() => embla?.scrollPrev(), [embla]);
  const onNext = useCallback(() => embla?.scrollNext(), [embla]);
  const onGoTo = useCallback((index: number) => embla?.scrollTo(index), [embla]);

  return (
    <CarouselView
      viewportRef={viewportRef}
      selected={selected}
      playing={playing}
      rotating={rotating}
      onPrevious={onPrevious}
      onNext={onNext}
      onGoTo={onGoTo}
      onTogglePlay={() => setPlaying((p) => !p)}
      onHover={setHovered}
      onFocusWithin={setFocused}
    />
  );
}
