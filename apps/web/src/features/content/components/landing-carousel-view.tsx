import type { FocusEvent, KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import './content.css';

interface TSlide {
  title: string;
  text: string;
}

/** One backdrop per slide: CSS only, so the slides weigh nothing and never shift the layout. */
const BACKDROPS = [
  'linear-gradient(135deg, #0f5a2c 0%, #1f6b3a 60%, #2b7a47 100%)',
  'linear-gradient(135deg, #1b4332 0%, #24543a 55%, #2d6a4f 100%)',
  'linear-gradient(135deg, #1d3557 0%, #264a6e 60%, #2f5d87 100%)',
  'linear-gradient(135deg, #3a5a40 0%, #2f6b3f 55%, #1f6b3a 100%)',
];

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PlayPauseIcon({ playing }: { playing: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {playing ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" /> : <path d="M8 5v14l11-7z" fill="currentColor" />}
    </svg>
  );
}

export interface TCarouselViewProps {
  viewportRef?: Ref<HTMLDivElement>;
  selected: number;
  playing: boolean;
  rotating: boolean;
  onPrevious?: () => void;
  onNext?: () => void;
  onGoTo?: (index: number) => void;
  onTogglePlay?: () => void;
  onHover?: (hovered: boolean) => void;
  onFocusWithin?: (focused: boolean) => void;
  /** A touch or click inside, before any control reacts (a swipe needs the engine). */
  onPointerDown?: () => void;
}

/**
 * The carousel's markup (WAI-ARIA carousel pattern): a labelled region, one labelled group per
 * slide, translated controls. Rendered as is in the prerendered HTML; the state lives in
 * landing-carousel.tsx and the engine (embla) adds motion to this same markup.
 */
export function CarouselView(props: TCarouselViewProps) {
  const { t } = useTranslation('landing');
  const slides = t('carousel.slides', { returnObjects: true }) as TSlide[];
  const { selected, playing, rotating } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      props.onPrevious?.();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      props.onNext?.();
    }
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) props.onFocusWithin?.(false);
  };
  return (
    <section
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={t('carousel.label')}
      onMouseEnter={() => props.onHover?.(true)}
      onMouseLeave={() => props.onHover?.(false)}
      onFocus={() => props.onFocusWithin?.(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onPointerDown={props.onPointerDown}
      className="kc-carousel"
    >
      <div ref={props.viewportRef} className="kc-carousel-viewport">
        <div className="kc-carousel-track" aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={slide.title}
              role="group"
              aria-roledescription={t('carousel.slideRoleDescription')}
              aria-label={t('carousel.slideOf', { n: index + 1, total: slides.length })}
              aria-hidden={index === selected ? undefined : true}
              className="kc-carousel-slide"
              style={{ background: BACKDROPS[index % BACKDROPS.length] }}
            >
              <div className="kc-carousel-slide-body">
                <h2 className="kc-h2">{slide.title}</h2>
                <p className="kc-text kc-text-lg kc-mt-sm">{slide.text}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="kc-carousel-controls">
        <div>
          <button
            type="button"
            className="kc-carousel-btn"
            onClick={props.onTogglePlay}
            aria-label={playing ? t('carousel.pause') : t('carousel.play')}
          >
            <PlayPauseIcon playing={playing} />
          </button>
          {slides.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              className="kc-carousel-dot"
              aria-label={t('carousel.goTo', { n: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => props.onGoTo?.(index)}
            />
          ))}
        </div>
        <div>
          <button type="button" className="kc-carousel-btn" onClick={props.onPrevious} aria-label={t('carousel.previous')}>
            <ArrowIcon direction="left" />
          </button>
          <button type="button" className="kc-carousel-btn" onClick={props.onNext} aria-label={t('carousel.next')}>
            <ArrowIcon direction="right" />
          </button>
        </div>
      </div>
    </section>
  );
}
