import { useSearchParams } from 'react-router';

/**
 * The contract lists keep their state in the address (estado, pagina, orden, detalle), so a
 * reload or a shared link shows the same page. `update` sets or removes keys without scrolling;
 * `detailHref` is the link that opens one contract's details over the list.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { preventScrollReset: true });
  };
  const detailHref = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('detalle', id);
    return `?${next.toString()}`;
  };
  return { params, update, detailHref, detail: params.get('detalle') ?? undefined };
}
