// No Mantine here: the light jobs list (features/jobs) numbers its pages with it too.
/** The window of at most `range` page numbers (0-based) around `page`. */
export function pageWindow(page: number, totalPages: number, range: number): number[] {
  if (totalPages <= 0) return [];
  const size = Math.min(range, totalPages);
  const start = Math.max(0, Math.min(page - Math.floor(size / 2), totalPages - size));
  return Array.from({ length: size }, (_, i) => start + i);
}
