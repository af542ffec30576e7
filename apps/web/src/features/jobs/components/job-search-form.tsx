import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { Button } from '../../../components/light/button.tsx';
import { ALL_CITIES, EMPTY_FILTERS, writeFilters } from '../lib/search-params.ts';
import { CityCombobox } from './city-combobox.tsx';

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
    <form role="search" aria-label={t('search.label')} onSubmit={onSubmit} className="kc-jobs-search">
      <div className="kc-jobs-field">
        <label htmlFor="jobs-home-q" className="kc-jobs-label">
          {t('search.keywords')}
        </label>
        <input
          id="jobs-home-q"
          type="search"
          className="kc-jobs-input"
          placeholder={t('search.keywordsPlaceholder')}
          value={q}
          maxLength={200}
          onChange={(event) => setQ(event.currentTarget.value)}
        />
      </div>
      <CityCombobox value={city.id} valueName={city.name} onChange={(id, name) => setCity({ id, name })} />
      <Button type="submit" size="md">
        {t('search.submit')}
      </Button>
    </form>
  );
}
