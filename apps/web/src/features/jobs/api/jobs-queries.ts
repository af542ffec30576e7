import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  jobsApi,
  type TJobApplicationReceipt,
  type TJobApplicationRequestInput,
  type TJobCityList,
  type TJobOffer,
} from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/jobs/offers/{id} (public): a closed or expired offer answers with open false. */
export function useJobOffer(offerId: string) {
  return useQuery({
    queryKey: ['jobs', 'offer', offerId],
    queryFn: ({ signal }) => apiRequest<TJobOffer>(jobsApi.offer(offerId), { signal }),
    retry: false,
  });
}

/** GET /api/jobs/cities (typeahead): minimum length 0, at most 100 cities. */
export function useJobCities(text: string) {
  return useQuery({
    queryKey: ['jobs', 'cities', text],
    queryFn: ({ signal }) => apiRequest<TJobCityList>(jobsApi.cities(new URLSearchParams({ q: text }).toString()), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** POST /api/jobs/offers/{id}/applications (public). */
export function useApplyToOffer(offerId: string) {
  return useMutation({
    mutationFn: (body: TJobApplicationRequestInput) =>
      apiRequest<TJobApplicationReceipt>(jobsApi.apply(offerId), { method: 'POST', body }),
  });
}

/** POST /api/jobs/withdrawal (public): the one-time token of the candidate's e-mail. */
export function useWithdrawApplication() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<{ withdrawnAt: string }>(jobsApi.withdraw, { method: 'POST', body: { token } }),
  });
}

/** POST /api/jobs/update-confirmation (public): the one-time token mailed for a repeat application. */
export function useConfirmApplicationUpdate() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<{ updatedAt: string }>(jobsApi.confirmUpdate, { method: 'POST', body: { token } }),
  });
}

/** Invalidates the public search after a recruiter changed an offer. */
export function useInvalidateJobs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['jobs'] });
}
