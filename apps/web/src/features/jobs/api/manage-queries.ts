import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  jobsApi,
  type TApplicationStatusChange,
  type TJobApplication,
  type TJobApplicationPage,
  type TJobOfferInputRaw,
  type TJobOfferManaged,
  type TJobOfferManagedPage,
  type TOfferStatusChange,
} from '@kc/domain';
import { apiDownload, apiRequest } from '../../../lib/api-client.ts';

/** The recruiter's side of the jobs board (action jobs.manage). */
export function useManagedOffers(query: string) {
  return useQuery({
    queryKey: ['jobs', 'manage', 'offers', query],
    queryFn: ({ signal }) => apiRequest<TJobOfferManagedPage>(jobsApi.managedOffers(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useManagedOffer(offerId: string | undefined) {
  return useQuery({
    queryKey: ['jobs', 'manage', 'offer', offerId],
    queryFn: ({ signal }) => apiRequest<TJobOfferManaged>(jobsApi.managedOffer(offerId!), { signal }),
    enabled: Boolean(offerId),
  });
}

export function useSaveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, body }: { offerId?: string | undefined; body: TJobOfferInputRaw }) =>
      offerId
        ? apiRequest<TJobOfferManaged>(jobsApi.managedOffer(offerId), { method: 'PUT', body })
        : apiRequest<TJobOfferManaged>(jobsApi.managedOffers(), { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['jobs'] }),
  });
}

export function useChangeOfferStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, body }: { offerId: string; body: TOfferStatusChange }) =>
      apiRequest<TJobOfferManaged>(jobsApi.offerStatus(offerId), { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['jobs'] }),
  });
}

export function useOfferApplications(offerId: string, query: string) {
  return useQuery({
    queryKey: ['jobs', 'manage', 'applications', offerId, query],
    queryFn: ({ signal }) => apiRequest<TJobApplicationPage>(jobsApi.offerApplications(offerId, query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useChangeApplicationStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, body }: { applicationId: string; body: TApplicationStatusChange }) =>
      apiRequest<TJobApplication>(jobsApi.applicationStatus(applicationId), { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['jobs', 'manage', 'applications'] }),
  });
}

/** Downloads a candidate's CV (the server audits every download) and hands it to the browser. */
export async function downloadCv(applicationId: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiDownload(jobsApi.applicationCv(applicationId));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
