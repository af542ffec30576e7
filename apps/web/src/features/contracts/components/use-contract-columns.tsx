import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeRemaining, formatDate, formatMoney, type TContractSummary } from '@kc/domain';
import type { TColumn, TPagerLabels } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { StatusBadge, type TStatusTone } from '../../../components/ui/status-badge.tsx';
import { useProducts } from '../../../lib/api/get-products.ts';
import { useNow } from '../hooks/use-now.ts';
import { languageOf, reflectionRemaining } from '../lib/reflection.ts';

const STATE_TONES: Record<string, TStatusTone> = { NEW: 'blue', ACTIVE: 'green', STANDBY: 'orange', ARCHIVED: 'gray', DELETED: 'red' };

/** The product's name in the page's language (the catalogue), or its key while it loads. */
export function useProductName(): (key: string) => string {
  const { i18n } = useTranslation();
  const products = useProducts();
  return (key) => {
    const product = products.data?.find((p) => p.productKey === key);
    if (!product) return key;
    return i18n.language === 'en' ? product.nameEn : product.nameEs;
  };
}

export function usePagerLabels(): TPagerLabels {
  const { t } = useTranslation('contracts');
  return { label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (page) => t('pager.page', { page }) };
}

/** The contracts table's columns (dates dd/mm/yyyy, money de-style with €, 'M1' as 'Mensual'), with a Details link. */
export function useContractColumns(detailsSearch: (id: string) => string): TColumn<TContractSummary>[] {
  const { t, i18n } = useTranslation('contracts');
  const productName = useProductName();
  const now = useNow();
  // A NEW contract inside its reflection period shows how long it can still be revoked (decision 0026).
  const left = (c: TContractSummary) => {
    const remaining = reflectionRemaining(c.userContractState, c.reflection, now);
    return remaining === null ? null : t('reflection.rowLeft', { left: describeRemaining(remaining, languageOf(i18n.language)) });
  };
  return [
    { label: t('columns.product'), render: (c) => productName(c.productKey) },
    {
      label: t('columns.state'),
      render: (c) => (
        <>
          <StatusBadge tone={STATE_TONES[c.userContractState] ?? 'gray'}>{t(`states.${c.userContractState}`)}</StatusBadge>
          {left(c) ? (
            <Text size="xs" mt={4}>
              {left(c)}
            </Text>
          ) : null}
        </>
      ),
    },
    { label: t('columns.initialInvestment'), align: 'right', render: (c) => formatMoney(c.initialInvestment) },
    { label: t('columns.recurringAmmount'), align: 'right', render: (c) => formatMoney(c.recurringAmmount) },
    { label: t('columns.period'), render: (c) => t(`periods.${c.contractPeriodType}`, { defaultValue: c.contractPeriodType }) },
    { label: t('columns.submissionDate'), render: (c) => formatDate(c.submissionDate) },
    { label: t('columns.expiringDate'), render: (c) => formatDate(c.expiringDate) },
    {
      label: t('columns.actions'),
      render: (c) => (
        <Anchor
          component={Link}
          to={{ search: detailsSearch(c.id) }}
          aria-label={t('details.linkLabel', { product: productName(c.productKey), date: formatDate(c.submissionDate) })}
        >
          {t('details.link')}
        </Anchor>
      ),
    },
  ];
}
