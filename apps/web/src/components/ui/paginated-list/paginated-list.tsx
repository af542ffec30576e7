import { Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { LoadErrorAlert } from './load-error-alert.tsx';
import { Pager, type TPagerLabels } from './pager.tsx';

export type { TPagerLabels };

export type TListView = 'LIST' | 'CARD' | 'FULL';

/** A table header definition (specification 3): label and alignment. */
export interface TColumn<T> {
  label: string;
  align?: 'left' | 'center' | 'right';
  render: (item: T) => ReactNode;
}

export interface TPaginatedListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** LIST (a table), CARD (a grid of cards) or FULL (one full-width block per item). */
  view?: TListView;
  columns: readonly TColumn<T>[];
  /** The table's caption (its accessible name). */
  caption: string;
  renderCard?: (item: T) => ReactNode;
  renderFull?: (item: T) => ReactNode;
  /** Optional areas above the list. */
  top?: ReactNode;
  filterTags?: ReactNode;
  /** When set, a red alert; hidden while a filter dialog is open (specification 8). */
  error?: string | undefined;
  isFilterDialogOpen?: boolean;
  onRetry?: () => void;
  emptyText: string;
  pagerLabels: TPagerLabels;
  /** 5 items a page and a 5-page range by default (specification 9). */
  pageSize?: number;
  pageRange?: number;
  /** Server paging: the current page (0-based), total pages and the change handler. Otherwise the list pages its items itself. */
  page?: number;
  totalPages?: number;
  onPageChange?: (page: number) => void;
}

/** The reusable paginated list of the specification (section 2, "Other screens"). */
export function PaginatedList<T>(props: TPaginatedListProps<T>) {
  const { items, view = 'LIST', pageSize = 5, pageRange = 5 } = props;
  const [localPage, setLocalPage] = useState(0);
  const isServerPaged = props.onPageChange !== undefined;
  const page = isServerPaged ? (props.page ?? 0) : localPage;
  const totalPages = isServerPaged ? (props.totalPages ?? 0) : Math.ceil(items.length / pageSize);
  const shown = isServerPaged ? items : items.slice(page * pageSize, page * pageSize + pageSize);
  const showError = props.error !== undefined && !props.isFilterDialogOpen;

  let body: ReactNode;
  if (items.length === 0) {
    body = props.error === undefined ? <Text mt="md">{props.emptyText}</Text> : null;
  } else if (view === 'CARD') {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="md" role="list">
        {shown.map((item) => (
          <Card key={props.getKey(item)} withBorder role="listitem">
            {props.renderCard ? props.renderCard(item) : props.columns.map((c) => <Text key={c.label}>{c.render(item)}</Text>)}
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (view === 'FULL') {
    body = (
      <Stack mt="md" role="list">
        {shown.map((item) => (
          <Card key={props.getKey(item)} withBorder role="listitem">
            {props.renderFull ? props.renderFull(item) : props.columns.map((c) => <Text key={c.label}>{c.render(item)}</Text>)}
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640} mt="md">
        <Table striped highlightOnHover>
          <Table.Caption style={{ color: 'var(--mantine-color-gray-8)' }}>{props.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c) => (
                <Table.Th key={c.label} ta={c.align ?? 'left'} scope="col">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((item) => (
              <Table.Tr key={props.getKey(item)}>
                {props.columns.map((c) => (
                  <Table.Td key={c.label} ta={c.align ?? 'left'}>
                    {c.render(item)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <div>
      {props.top}
      {props.filterTags}
      {showError ? <LoadErrorAlert detail={props.error} {...(props.onRetry ? { onRetry: props.onRetry } : {})} /> : null}
      {body}
      <Pager
        page={page}
        totalPages={totalPages}
        range={pageRange}
        labels={props.pagerLabels}
        onChange={(next) => (isServerPaged ? props.onPageChange!(next) : setLocalPage(next))}
      />
    </div>
  );
}
