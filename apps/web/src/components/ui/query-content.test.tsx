import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { InlineLoadError, InlineLoader, QueryContent } from './query-content.tsx';

type TData = { items: string[] };
type TQuery = ComponentProps<typeof QueryContent<TData>>['query'];

function show(query: Partial<TQuery>, props: Partial<ComponentProps<typeof QueryContent<TData>>> = {}) {
  const full: TQuery = { isPending: false, isError: false, data: undefined, refetch: vi.fn(), ...query } as TQuery;
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryContent<TData> query={full} isEmpty={(d) => d.items.length === 0} empty={<p>Nada todavía</p>} {...props}>
          {(data) => <ul>{data.items.map((i) => <li key={i}>{i}</li>)}</ul>}
        </QueryContent>
      </MantineProvider>
    </I18nextProvider>,
  );
  return full;
}

describe('QueryContent', () => {
  it('shows the loading state while the data is pending', () => {
    show({ isPending: true }, { loading: <InlineLoader label="Cargando los pagos" /> });
    expect(screen.getByLabelText('Cargando los pagos')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the default error with a retry that asks again', async () => {
    const query = show({ isError: true });
    expect(screen.getByRole('alert').textContent).toContain('Error en la operación');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows a section’s own error, and its retry asks again', async () => {
    const query = show({ isError: true }, { error: (retry) => <InlineLoadError message="No se han podido cargar los pagos." retryLabel="Volver a intentarlo" onRetry={retry} /> });
    expect(screen.getByRole('alert').textContent).toContain('No se han podido cargar los pagos.');
    await userEvent.click(screen.getByRole('button', { name: 'Volver a intentarlo' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state for empty data', () => {
    show({ data: { items: [] } });
    expect(screen.getByText('Nada todavía')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders the data', () => {
    show({ data: { items: ['Pago de enero', 'Pago de febrero'] } });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Pago de enero', 'Pago de febrero']);
    expect(screen.queryByText('Nada todavía')).toBeNull();
  });
});
