/**
 * Field colours with AA contrast: the hint in dark grey, and in the error state the message in a
 * dark red and the typed text kept near-black (Mantine's default error red is too light on white).
 */
export const FIELD_STYLES = {
  description: { color: 'var(--mantine-color-gray-7)' },
  error: { color: 'var(--mantine-color-red-9)' },
  input: { color: 'var(--mantine-color-dark-9)' },
} as const;
