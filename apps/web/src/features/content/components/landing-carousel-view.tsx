import { ActionIcon, Box, Group, Text, Title } from '@mantine/core';
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
}

/**
 * The carousel's markup (WAI-ARIA carousel pattern): a labelled region, one labelled group per
 * slide, translated controls. Rendered as is in the prerendered HTML; the engine adds motion.
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
    <Box
      component="section"
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={t('carousel.label')}
      onMouseEnter={() => props.onHover?.(true)}
      onMouseLeave={() => props.onHover?.(false)}
      onFocus={() => props.onFocusWithin?.(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      style={{ position: 'relative', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
    >
      <div ref={props.viewportRef} style={{ overflow: 'hidden' }}>
        <div style={{ display: 'flex', touchAction: 'pan-y pinch-zoom' }} aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={slide.title}
              role="group"
              aria-roledescription={t('carousel.slideRoleDescription')}
              aria-label={t('carousel.slideOf', { n: index + 1, total: slides.length })}
              aria-hidden={index === selected ? undefined : true}
              style={{ flex: '0 0 100%', minWidth: 0, background: BACKDROPS[index % BACKDROPS.length], color: '#fff' }}
            >
              <Box px={{ base: 'md', sm: 56 }} pt={{ base: 'xl', sm: 48 }} pb={80} mih={260}>
                <Title order={2} c="white" size="h2">
                  {slide.title}
                </Title>
                <Text mt="sm" maw={640} c="white" size="lg">
                  {slide.text}
                </Text>
              </Box>
            </div>
          ))}
        </div>
      </div>
      <Group justify="space-between" gap="xs" wrap="nowrap" style={{ position: 'absolute', insetInline: 12, bottom: 12 }}>
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="white"
            color="dark"
            size="lg"
            radius="xl"
            onClick={props.onTogglePlay}
            aria-label={playing ? t('carousel.pause') : t('carousel.play')}
          >
            <PlayPauseIcon playing={playing} />
          </ActionIcon>
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
        </Group>
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="white" color="dark" size="lg" radius="xl" onClick={props.onPrevious} aria-label={t('carousel.previous')}>
            <ArrowIcon direction="left" />
          </ActionIcon>
          <ActionIcon variant="white" color="dark" size="lg" radius="xl" onClick={props.onNext} aria-label={t('carousel.next')}>
            <ArrowIcon direction="right" />
          </ActionIcon>
        </Group>
      </Group>
    </Box>
  );
}
