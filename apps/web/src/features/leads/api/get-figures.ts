import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadsApi, type TAgentFigures } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/agent/figures: the agent's own figures. */
export function getFigures(signal?: AbortSignal): Promise<TAgentFigures> {
  return apiRequest<TAgentFigures>(leadsApi.figures, signal ? { signal } : {});
}

export const figuresQueryOptions = () => queryOptions({ queryKey: ['leads', 'figures'], queryFn: ({ signal }) => getFigures(signal) });

export function useFigures() {
  return useQuery(figuresQueryOptions());
}
