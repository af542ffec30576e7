import { notificationsApi } from '@kc/domain/notifications/api-paths.ts';
import type { TStreamTicket } from '@kc/domain/notifications/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/notifications/stream-ticket: a single-use ticket (60 s) that opens one event stream. */
export function createStreamTicket(signal?: AbortSignal): Promise<TStreamTicket> {
  return apiRequest<TStreamTicket>(notificationsApi.streamTicket, { method: 'POST', ...(signal ? { signal } : {}) });
}
