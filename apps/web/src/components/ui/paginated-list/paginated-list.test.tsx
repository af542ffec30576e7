import { Button, Group, MantineProvider, Text } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { pageWindow } from './pager.tsx';
import { PaginatedList } from './paginated-list.tsx';

interface TItem {
  id: string;
  name: string;
}

const items = (count: number): TItem[] => Array.from({ length: count }, (_, i) => ({ id: String(i + 1), name: `Contrato ${i + 1}` }));

const pagerLabels = { label: 'Páginas', previous: 'Anterior', next: 'Siguiente', page: (page: number) => `Página ${page}` };

type TProps = ComponentProps<typeof PaginatedList<TItem>>;

function renderList(props: Partial<TProps> = {}) {
  const all: TProps = {
    items: items(3),
    getKey: (item) => item.id,
    columns: [{ label: 'Nombre', render: (item) => item.name }],
    caption: 'Sus contratos',
    emptyText: 'No ha contratado ningun producto',
    pagerLabels,
    ...props,
  };
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <PaginatedList<TItem> {...all} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

const shownNames = () => screen.queryAllByText(/^Contrato \d+$/).map((node) => node.textContent);

describe('PaginatedList', () => {
  it('LIST is a table with its caption, column headers and one row per item', () => {
    renderList();
    const table = screen.getByRole('table', { name: 'Sus contratos' });
    expect(within(table).getByRole('columnheader', { name: 'Nombre' })).toBeTruthy();
    // The header row and three item rows.
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('CARD and FULL show each item as a list item, with their own renderers', () => {
    const { unmount } = renderList({ view: 'CARD', renderCard: (item) => <strong>Tarjeta {item.id}</strong> });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Sus contratos' })).getAllByRole('listitem').map((node) => node.textContent)).toEqual(['Tarjeta 1', 'Tarjeta 2', 'Tarjeta 3']);
    unmount();

    renderList({ view: 'FULL', renderFull: (item) => <p>Detalle de {item.name}</p> });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('list')).getAllByRole('listitem').map((node) => node.textContent)).toEqual([
      'Detalle de Contrato 1',
      'Detalle de Contrato 2',
      'Detalle de Contrato 3',
    ]);
  });

  it('without a renderer, CARD and FULL show each column as a label and its value, named by the caption', () => {
    for (const view of ['CARD', 'FULL'] as const) {
      const { container, unmount } = renderList({
        view,
        columns: [
          { label: 'Nombre', render: (item) => item.name },
          { label: 'Importe', align: 'right', render: () => '1.234,00 €' },
          // A column whose content is itself block content: a paragraph and a group.
          { label: 'Detalle', render: (item) => <Text size="sm">Nota de {item.name}</Text> },
          { label: 'Acciones', render: () => <Group><Button size="xs">Editar</Button></Group> },
        ],
      });
      // The caption stays visible and names the list.
      expect(screen.getByText('Sus contratos')).toBeTruthy();
      const list = screen.getByRole('list', { name: 'Sus contratos' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(3);
      // Each card is a description list: every column's label (term) with its value (definition).
      const terms = within(cards[0]!).getAllByRole('term').map((node) => node.textContent);
      const values = within(cards[0]!).getAllByRole('definition').map((node) => node.textContent);
      expect(terms).toEqual(['Nombre', 'Importe', 'Detalle', 'Acciones']);
      expect(values).toEqual(['Contrato 1', '1.234,00 €', 'Nota de Contrato 1', 'Editar']);
      // No block content inside a paragraph (invalid HTML: the browser would break the card apart).
      expect(container.querySelectorAll('p :is(p, div, dl, ul, ol, table)')).toHaveLength(0);
      unmount();
    }
  });

  it('pages its own items 5 at a time with at most 5 page links', async () => {
    const user = userEvent.setup();
    renderList({ items: items(32) });
    expect(shownNames()).toEqual(['Contrato 1', 'Contrato 2', 'Contrato 3', 'Contrato 4', 'Contrato 5']);
    const pager = screen.getByRole('navigation', { name: 'Páginas' });
    expect(within(pager).getAllByRole('button', { name: /^Página / }).map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pager).getByRole('button', { name: 'Página 1' }).getAttribute('aria-current')).toBe('page');
    expect((within(pager).getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(pager).getByRole('button', { name: 'Página 4' }));
    expect(shownNames()).toEqual(['Contrato 16', 'Contrato 17', 'Contrato 18', 'Contrato 19', 'Contrato 20']);
    // The window follows the current page: 2–6 around page 4.
    expect(within(pager).getAllByRole('button', { name: /^Página / }).map((b) => b.textContent)).toEqual(['2', '3', '4', '5', '6']);

    await user.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(shownNames()).toEqual(['Contrato 21', 'Contrato 22', 'Contrato 23', 'Contrato 24', 'Contrato 25']);
  });

  it('with server paging, shows the items it is given and asks for the page chosen', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderList({ items: items(10), page: 2, totalPages: 9, onPageChange });
    // The server already sent one page: all ten are shown, none sliced away.
    expect(shownNames()).toHaveLength(10);
    const pager = screen.getByRole('navigation', { name: 'Páginas' });
    expect(within(pager).getByRole('button', { name: 'Página 3' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(pager).getByRole('button', { name: 'Página 5' }));
    expect(onPageChange).toHaveBeenCalledWith(4);
  });

  it('no pager for a single page', () => {
    renderList({ items: items(5) });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('an empty list shows the empty text', () => {
    renderList({ items: [] });
    expect(screen.getByText('No ha contratado ningun producto')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('an error shows the red alert with Reintentar instead of the empty text', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderList({ items: [], error: 'El servidor no responde', onRetry });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error en la operación');
    expect(alert.textContent).toContain('El servidor no responde');
    expect(screen.queryByText('No ha contratado ningun producto')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('the error alert is hidden while a filter dialog is open', () => {
    renderList({ error: 'El servidor no responde', isFilterDialogOpen: true });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the top and filter-tag areas above the list', () => {
    renderList({ top: <p>Arriba</p>, filterTags: <p>Filtro: Nuevo</p> });
    const top = screen.getByText('Arriba');
    const tags = screen.getByText('Filtro: Nuevo');
    const table = screen.getByRole('table');
    expect(top.compareDocumentPosition(tags) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(tags.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('pageWindow', () => {
  it('centres the window on the page and keeps it inside the pages', () => {
    expect(pageWindow(0, 10, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(5, 10, 5)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 10, 5)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(1, 3, 5)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 0, 5)).toEqual([]);
  });
});
