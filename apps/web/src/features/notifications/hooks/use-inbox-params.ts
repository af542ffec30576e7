import { useSearchParams } from 'react-router';
import { NOTIFICATION_KINDS, NOTIFICATION_SEVERITIES, TASK_STATES } from '@kc/domain';
import type { TInboxFilters } from '../api/get-notifications.ts';

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The address's keys: the inbox's filters and page live in the URL, so a reload or a shared link shows the same list. */
export const INBOX_PARAMS = { severity: 'prioridad', read: 'lectura', kind: 'tipo', taskState: 'tarea', page: 'pagina' } as const;

/** Reads the filters and the page (0-based inside, 1-based in the address) and changes them. */
export function useInboxParams() {
  const [params, setParams] = useSearchParams();
  const read = params.get(INBOX_PARAMS.read);
  const filters: TInboxFilters = {
    severity: pick(params.get(INBOX_PARAMS.severity), NOTIFICATION_SEVERITIES),
    kind: pick(params.get(INBOX_PARAMS.kind), NOTIFICATION_KINDS),
    read: read === 'leidas' ? true : read === 'sin-leer' ? false : undefined,
    taskState: pick(params.get(INBOX_PARAMS.taskState), TASK_STATES),
  };
  const pageNumber = Number(params.get(INBOX_PARAMS.page));
  const page = Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber - 1 : 0;

  const update = (changes: Partial<Record<keyof typeof INBOX_PARAMS, string | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      const key = INBOX_PARAMS[name as keyof typeof INBOX_PARAMS];
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    // A new filter starts again at the first page.
    if (changes.page === undefined) next.delete(INBOX_PARAMS.page);
    setParams(next, { preventScrollReset: true });
  };
  const setPage = (p: number) => update({ page: p > 0 ? String(p + 1) : undefined });
  const isFiltered = Object.values(filters).some((v) => v !== undefined);
  const clear = () => setParams(new URLSearchParams(), { preventScrollReset: true });
  return { filters, page, update, setPage, isFiltered, clear };
}
