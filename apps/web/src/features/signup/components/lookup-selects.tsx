import { Alert, Button, Group, Select, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useCities } from '../../../lib/api/get-cities.ts';
import { useCountries } from '../../../lib/api/get-countries.ts';

interface TSelectProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: ReactNode;
  inputRef: (element: HTMLInputElement | null) => void;
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('signup');
  return (
    <Alert color="red" variant="light" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="outline" color="red.9" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The countries of the lookup (loaded when the wizard opens), searchable. */
export function CountrySelect(props: TSelectProps) {
  const { t } = useTranslation('signup');
  const countries = useCountries(currentLanguage());
  if (countries.isError) return <LoadError message={t('lookupError')} onRetry={() => void countries.refetch()} />;
  return (
    <Select
      name={props.name}
      label={props.label}
      required
      searchable
      limit={100}
      maxDropdownHeight={300}
      nothingFoundMessage={t('select.nothingFound')}
      placeholder={countries.isPending ? t('select.loadingCountries') : t('select.countryPlaceholder')}
      data={(countries.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      value={props.value || null}
      onChange={(value) => props.onChange(value ?? '')}
      onBlur={props.onBlur}
      error={props.error}
      ref={props.inputRef}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The chosen country's cities, searchable; no call until a country is chosen. */
export function CitySelect(props: TSelectProps & { countryId: string }) {
  const { t } = useTranslation('signup');
  const cities = useCities(props.countryId);
  if (cities.isError) {
    const message = cities.error instanceof ApiError ? cities.error.extracted.message : `Something went wrong!, ${cities.error.message}`;
    return <LoadError message={message} onRetry={() => void cities.refetch()} />;
  }
  const placeholder = !props.countryId
    ? t('select.chooseCountryFirst')
    : cities.isPending
      ? t('select.loadingCities')
      : t('select.cityPlaceholder');
  return (
    <Select
      name={props.name}
      label={props.label}
      required
      searchable
      limit={100}
      maxDropdownHeight={300}
      disabled={!props.countryId}
      nothingFoundMessage={t('select.nothingFound')}
      placeholder={placeholder}
      data={props.countryId ? (cities.data ?? []).map((c) => ({ value: c.id, label: c.name })) : []}
      value={props.value || null}
      onChange={(value) => props.onChange(value ?? '')}
      onBlur={props.onBlur}
      error={props.error}
      ref={props.inputRef}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
