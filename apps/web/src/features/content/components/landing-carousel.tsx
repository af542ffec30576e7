import { lazy, Suspense } from 'react';
import { CarouselView } from './landing-carousel-view.tsx';

// The engine (embla and the carousel's behaviour) loads after the page: the prerendered HTML
// already shows the first slide and the controls, so the landing's first-load script stays small.
const LandingCarouselEngine = lazy(() => import('./landing-carousel-engine.tsx'));

/** The landing's four-slide presentation. */
export function LandingCarousel() {
  return (
    <Suspense fallback={<CarouselView selected={0} playing rotating />}>
      <LandingCarouselEngine />
    </Suspense>
  );
}
