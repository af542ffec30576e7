import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CITY_TYPEAHEAD_MAX } from '@kc/domain';
import { useJobCities } from '../api/jobs-queries.ts';
import { ALL_CITIES } from '../lib/search-params.ts';

/**
 * The offer form's city (Mantine, inside the recruiter's modal; the public pages use the light
 * `CityCombobox`). The city typeahead over the lookups' cities (specification 5: minimum length 0, at most 100
 * results, 'No matches found.', a menu at most 300 px high). `withAll` adds the 'all' option.
 */
export function CityTypeahead({
  value,
  valueName,
  onChange,
  withAll = true,
  label,
  error,
  required,
}: {
  value: string;
  valueName: string;
  onChange: (cityId: string, cityName: string) => void;
  withAll?: boolean;
  label?: string;
  error?: string | undefined;
  required?: boolean;
}) {
  const { t } = useTranslation('jobsScreens');
  const [search, setSearch] = useState(value !== ALL_CITIES && valueName ? valueName : '');
  const selectedName = value === ALL_CITIES ? t('search.allCities') : valueName;
  // The text typed (not the selected city's own name) narrows the list; empty text lists them all.
  const text = search === selectedName ? '' : search;
  const cities = useJobCities(text.trim());
  const options = (cities.data?.content ?? []).slice(0, CITY_TYPEAHEAD_MAX).map((city) => ({ value: city.id, label: city.name }));
  if (value !== ALL_CITIES && value && !options.some((option) => option.value === value)) options.unshift({ value, label: valueName || value });
  // 'All cities' is offered with the full list; while the text narrows it, an empty answer says 'No matches found.'.
  const data = withAll && (text.trim() === '' || value === ALL_CITIES) && (text.trim() === '' || options.length > 0)
    ? [{ value: ALL_CITIES, label: t('search.allCities') }, ...options]
    : options;
  return (
    <Select
      label={label ?? t('search.city')}
      placeholder={t('search.cityPlaceholder')}
      data={data}
      value={value || null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the text; keep every option it sent.
      filter={({ options: all }) => all}
      limit={CITY_TYPEAHEAD_MAX + 1}
      maxDropdownHeight={300}
      nothingFoundMessage={t('search.nothingFound')}
      onChange={(id, option) => onChange(id ?? (withAll ? ALL_CITIES : ''), id && id !== ALL_CITIES ? (option?.label ?? '') : '')}
      error={error}
      required={required}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
