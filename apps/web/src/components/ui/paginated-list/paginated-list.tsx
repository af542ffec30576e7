import { Box, Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
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

/**
 * An item as a card when the screen gives no renderer: each column's label above its value, as a
 * description list (the look of `LabelledValue`). The value sits in a <dd>, which may hold any
 * block (a paragraph, a group of buttons), never in a <p>.
 */
function ColumnCard<T>({ item, columns }: { item: T; columns: readonly TColumn<T>[] }) {
  return (
    <Stack component="dl" gap={6} m={0}>
      {columns.map((c) => (
        <div key={c.label}>
          <Text component="dt" size="sm" c="gray.7">
            {c.label}
          </Text>
          <Box component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {c.render(item)}
          </Box>
        </div>
      ))}
    </Stack>
  );
}

/** The reusable paginated list of the specification (section 2, "Other screens"). */
export function PaginatedList<T>(props: TPaginatedListProps<T>) {
  const { items, view = 'LIST', pageSize = 5, pageRange = 5 } = props;
  const captionId = useId();
  const [localPage, setLocalPage] = useState(0);
  const isServerPaged = props.onPageChange !== undefined;
  const page = isServerPaged ? (props.page ?? 0) : localPage;
  const totalPages = isServerPaged ? (props.totalPages ?? 0) : Math.ceil(items.length / pageSize);
  const shown = isServerPaged ? items : items.slice(page * pageSize, page * pageSize + pageSize);
  const showError = props.error !== undefined && !props.isFilterDialogOpen;

  let body: ReactNode;
  if (items.length === 0) {
    body = props.error === undefined ? <Text mt="md">{props.emptyText}</Text> : null;
  } else if (view === 'CARD' || view === 'FULL') {
    // The cards keep the table's caption as the list's accessible name. The default cards also show
    // it above them, as the table does (a screen with its own cards has its own headings).
    const render = view === 'CARD' ? props.renderCard : props.renderFull;
    const cards = shown.map((item) => (
      <Card key={props.getKey(item)} withBorder role="listitem">
        {render ? render(item) : <ColumnCard item={item} columns={props.columns} />}
      </Card>
    ));
    const name = render ? { 'aria-label': props.caption } : { 'aria-labelledby': captionId };
    body = (
      <>
        {render ? null : (
          <Text id={captionId} size="sm" mt="md" c="gray.8">
            {props.caption}
          </Text>
        )}
        {view === 'CARD' ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt={render ? 'md' : 'xs'} role="list" {...name}>
            {cards}
          </SimpleGrid>
        ) : (
          <Stack mt={render ? 'md' : 'xs'} role="list" {...name}>
            {cards}
          </Stack>
        )}
      </>
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
