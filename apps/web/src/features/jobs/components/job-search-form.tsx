import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@kc/domain';
import { EMPTY_FILTERS, writeFilters } from '../lib/search-params.ts';
import { ALL_CITIES, CityTypeahead } from './city-typeahead.tsx';

/** The jobs home's search: keywords and a city; it opens the job list with them in the URL. */
export function JobSearchForm() {
  const { t } = useTranslation('jobsScreens');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [city, setCity] = useState({ id: ALL_CITIES, name: '' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = writeFilters({ ...EMPTY_FILTERS, q, cityId: city.id, cityName: city.name }).toString();
    void navigate(paths.jobList.href(query));
  };
  return (
    <form role="search" aria-label={t('search.label')} onSubmit={onSubmit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('search.keywords')}
          placeholder={t('search.keywordsPlaceholder')}
          value={q}
          maxLength={200}
          onChange={(event) => setQ(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <div style={{ flex: '1 1 220px' }}>
          <CityTypeahead value={city.id} valueName={city.name} onChange={(id, name) => setCity({ id, name })} />
        </div>
        <Button type="submit">{t('search.submit')}</Button>
      </Group>
    </form>
  );
}
