/** Field colours with AA contrast (as the advisor's dialogs): dark grey hints, dark red errors. */
export const FIELD_STYLES = {
  description: { color: 'var(--mantine-color-gray-7)' },
  error: { color: 'var(--mantine-color-red-9)' },
  input: { color: 'var(--mantine-color-dark-9)' },
} as const;
