import { Button, Group } from '@mantine/core';
import { pageWindow } from './page-window.ts';

export { pageWindow };

export interface TPagerLabels {
  /** The navigation's accessible name. */
  label: string;
  previous: string;
  next: string;
  /** 'Página {{page}}' already filled for a page number. */
  page: (page: number) => string;
}

/**
 * Page links (5 by default) with previous and next; the first and last links are not shown
 * (specification 9). Pages are 0-based inside, shown from 1.
 */
export function Pager({
  page,
  totalPages,
  onChange,
  labels,
  range = 5,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  labels: TPagerLabels;
  range?: number;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={labels.label}>
      <Group gap={6} mt="md">
        <Button variant="default" size="xs" disabled={page <= 0} onClick={() => onChange(page - 1)}>
          {labels.previous}
        </Button>
        {pageWindow(page, totalPages, range).map((p) => (
          <Button
            key={p}
            size="xs"
            variant={p === page ? 'filled' : 'default'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={labels.page(p + 1)}
            onClick={() => onChange(p)}
          >
            {p + 1}
          </Button>
        ))}
        <Button variant="default" size="xs" disabled={page >= totalPages - 1} onClick={() => onChange(page + 1)}>
          {labels.next}
        </Button>
      </Group>
    </nav>
  );
}
