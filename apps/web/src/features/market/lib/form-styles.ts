import type { CSSProperties } from 'react';

/** Mantine's default error red and dimmed description are below 4.5:1 on white (axe), as on the appropriateness test. */
export const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
export const FIELD_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } } as const;
