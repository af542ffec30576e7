import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

/** The embla instance the carousel drives (null until it is ready). */
export type TEmbla = NonNullable<UseEmblaCarouselType[1]>;

export interface TCarouselEngineProps {
  /** The carousel's viewport, already in the page: the engine adds motion to it, it renders nothing. */
  viewport: HTMLElement | null;
  reducedMotion: boolean;
  onReady: (embla: TEmbla | null) => void;
}

/**
 * The carousel's motion and swipe, on embla: loaded on demand by landing-carousel.tsx (when the
 * visitor reaches for the carousel or shortly before the first slide change), so the landing's
 * first load carries no embla. Slides change without animation when the system asks for reduced motion.
 */
export default function LandingCarouselEngine({ viewport, reducedMotion, onReady }: TCarouselEngineProps) {
  const [setViewport, embla] = useEmblaCarousel({ loop: true, duration: reducedMotion ? 0 : 25 });
  useEffect(() => setViewport(viewport), [setViewport, viewport]);
  useEffect(() => onReady(embla ?? null), [embla, onReady]);
  return null;
}
