import './mantine-styles.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
// Field messages of every form (validation, accounts, calculator) as i18n namespaces.
import '../lib/translate-field-message.ts';
import { theme } from './theme.ts';

/**
 * The layout route around every screen built with Mantine and TanStack Query (forms, the
 * investor area, the back office). The light pages (landing, FAQ, calculators) sit outside it,
 * so their first load carries neither (docs/decisions/0007).
 */
export default function MantineShell() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    </MantineProvider>
  );
}
