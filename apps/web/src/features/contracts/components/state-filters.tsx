import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TContractFilter, TDashboardFacets } from '@kc/domain';

/** The order of the filter buttons (specification: New, Active, Archived, Deleted, All; plus Suspended). */
export const FILTER_ORDER: readonly TContractFilter[] = ['NEW', 'ACTIVE', 'STANDBY', 'ARCHIVED', 'DELETED', 'ALL'];

/** Filter buttons by state with their counters; the chosen one is pressed. */
export function StateFilters({
  value,
  facets,
  onChange,
}: {
  value: TContractFilter;
  facets: TDashboardFacets | undefined;
  onChange: (filter: TContractFilter) => void;
}) {
  const { t } = useTranslation('contracts');
  return (
    <Group gap="xs" role="group" aria-label={t('dashboard.filtersLabel')} mt="md">
      {FILTER_ORDER.map((filter) => {
        const label = t(`filters.${filter}`);
        return (
          <Button
            key={filter}
            size="sm"
            variant={filter === value ? 'filled' : 'default'}
            aria-pressed={filter === value}
            onClick={() => onChange(filter)}
          >
            {facets ? t('filterCount', { label, count: facets[filter] }) : label}
          </Button>
        );
      })}
    </Group>
  );
}
