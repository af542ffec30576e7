import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen instead of widening the page (360 px); the
 * scrolling region is focusable and named, so a keyboard can scroll it (axe:
 * scrollable-region-focusable). The caption is the table's accessible name.
 */
export function ScrollTable({ caption, head, children, minWidth = 560, testId }: { caption: string; head: ReactNode; children: ReactNode; minWidth?: number; testId?: string }) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} style={{ overflowX: 'auto', marginTop: 'var(--mantine-spacing-sm)' }}>
      <Table striped miw={minWidth} data-testid={testId}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', color: 'var(--mantine-color-dark-7)' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}
