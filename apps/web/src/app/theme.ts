import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A paulownia green with AA contrast on white at shade 8 (stack-notes, gotcha 6).
const kc: MantineColorsTuple = [
  '#e9f8ef',
  '#d8eddf',
  '#b2d9bf',
  '#89c59c',
  '#67b47f',
  '#51a96c',
  '#44a462',
  '#358f51',
  '#1f6b3a',
  '#0f5a2c',
];

export const theme = createTheme({
  primaryColor: 'kc',
  primaryShade: 8,
  colors: { kc },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultRadius: 'md',
});
