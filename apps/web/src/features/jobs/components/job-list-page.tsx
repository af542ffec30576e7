import { Alert, Box, Button, Container, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { JOB_PAGE_SIZE } from '@kc/domain';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Pager } from '../../../components/ui/paginated-list/pager.tsx';
import { useJobSearch } from '../api/jobs-queries.ts';
import { EMPTY_FILTERS, apiQuery, readFilters, writeFilters, type TJobFilters } from '../lib/search-params.ts';
import { CityTypeahead } from './city-typeahead.tsx';
import { JobCard } from './job-card.tsx';
import { JobsFrame } from './jobs-frame.tsx';

/**
 * /jobs/offers: keywords, city (or all), salary range and sort, all in the query string (a
 * shareable URL); real paging with the totals; loading, empty and error states.
 */
export function JobListPage() {
  const { t } = useTranslation('jobsScreens');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [draft, setDraft] = useState<TJobFilters>(filters);
  const key = params.toString();
  // The URL is the truth: going back or following a shared link refills the form.
  useEffect(() => setDraft(readFilters(new URLSearchParams(key))), [key]);
  const search = useJobSearch(apiQuery(filters, JOB_PAGE_SIZE));
  const apply = (next: TJobFilters) => setParams(writeFilters(next));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...draft, page: 0 });
  };
  const set = (patch: Partial<TJobFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const data = search.data;
  return (
    <JobsFrame>
      <Container size="lg" py="xl">
        <PageMeta title={t('list.metaTitle')} description={t('list.metaDescription')} />
        <Title order={1}>{t('list.title')}</Title>
        <form role="search" aria-label={t('list.filters')} onSubmit={onSubmit}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" mt="md">
            <TextInput label={t('search.keywords')} placeholder={t('search.keywordsPlaceholder')} value={draft.q} maxLength={200} onChange={(e) => set({ q: e.currentTarget.value })} />
            <CityTypeahead key={key} value={draft.cityId} valueName={draft.cityName} onChange={(cityId, cityName) => set({ cityId, cityName })} />
            <Select
              label={t('list.sort')}
              value={draft.sort || (draft.q.trim() ? 'relevance' : 'date')}
              onChange={(value) => set({ sort: (value ?? '') as TJobFilters['sort'] })}
              allowDeselect={false}
              data={[
                { value: 'relevance', label: t('list.sortRelevance') },
                { value: 'date', label: t('list.sortDate') },
                { value: 'salary', label: t('list.sortSalary') },
              ]}
            />
            <TextInput label={t('list.salaryFrom')} inputMode="decimal" value={draft.salaryFrom} onChange={(e) => set({ salaryFrom: e.currentTarget.value.trim() })} />
            <TextInput label={t('list.salaryTo')} inputMode="decimal" value={draft.salaryTo} onChange={(e) => set({ salaryTo: e.currentTarget.value.trim() })} />
          </SimpleGrid>
          <Group mt="md" gap="sm">
            <Button type="submit">{t('list.apply')}</Button>
            <Button variant="default" onClick={() => apply(EMPTY_FILTERS)}>
              {t('list.clear')}
            </Button>
          </Group>
        </form>
        <Box aria-live="polite" aria-busy={search.isFetching} mt="lg">
          {search.isPending ? (
            <LoadingScreen />
          ) : search.isError ? (
            <Alert color="red" variant="light" role="alert">
              <Text>{t('list.error')}</Text>
              <Button mt="xs" size="xs" variant="light" onClick={() => void search.refetch()}>
                {t('list.retry')}
              </Button>
            </Alert>
          ) : data && data.totalElements === 0 ? (
            <Text>{t('list.empty')}</Text>
          ) : data ? (
            <Stack gap="sm">
              <Text fw={700}>
                {t('list.total', { count: data.totalElements })} · {t('list.pageOf', { page: data.number + 1, pages: Math.max(1, data.totalPages) })}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {data.content.map((offer) => (
                  <JobCard key={offer.id} offer={offer} />
                ))}
              </SimpleGrid>
              <Pager
                page={data.number}
                totalPages={data.totalPages}
                onChange={(page) => apply({ ...filters, page })}
                labels={{ label: t('list.pager'), previous: t('list.previous'), next: t('list.next'), page: (page) => t('list.page', { page }) }}
              />
            </Stack>
          ) : null}
        </Box>
      </Container>
    </JobsFrame>
  );
}
