import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

export type TStatusTone = 'blue' | 'green' | 'orange' | 'gray' | 'red';

/**
 * A state pill: the tone's pale tint behind near-black text, so every tone keeps AA contrast
 * for the badge's small bold text (Mantine's own light variant with a dark shade, 'blue.9',
 * painted the text in the background's colour).
 */
export function StatusBadge({ tone, children }: { tone: TStatusTone; children: ReactNode }) {
  return (
    <Badge variant="light" color={tone} c="dark.8" miw="max-content">
      {children}
    </Badge>
  );
}
