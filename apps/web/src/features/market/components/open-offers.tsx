import { Alert, Anchor, Button, Group, Loader, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PRICE_SCALE, formatDate, parseScaled, paths } from '@kc/domain';
import '../i18n.ts';
import { Pager } from '../../../components/ui/paginated-list/pager.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatUnitPrice } from '../../ledger/lib/format-price.ts';
import { formatUnitCount } from '../../income/lib/format.ts';
import { OFFERS_PAGE_SIZE, useOffers } from '../api/get-offers.ts';
import { OFFER_SORTS, type TOfferSort } from '../api/types.ts';
import { formatCents, priceInput, tradeOf } from '../lib/amounts.ts';
import { ACCESSIBLE_ERROR_COLOR, FIELD_STYLES } from '../lib/form-styles.ts';
import { ScrollTable } from './scroll-table.tsx';

/** The offers list's state in the address (so a reload or a shared link shows the same list). */
export function readOfferParams(params: URLSearchParams): { sort: TOfferSort; minPrice?: string; maxPrice?: string; page: number } {
  const sort = (OFFER_SORTS as readonly string[]).includes(params.get('orden') ?? '') ? (params.get('orden') as TOfferSort) : 'price';
  const page = Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1);
  const minPrice = priceInput(params.get('minimo') ?? '') ?? undefined;
  const maxPrice = priceInput(params.get('maximo') ?? '') ?? undefined;
  return { sort, page, ...(minPrice ? { minPrice } : {}), ...(maxPrice ? { maxPrice } : {}) };
}

/** The open offers for a signed-in investor: price range, sort by price or date, pages; Comprar on each. */
export function OpenOffers() {
  const { t } = useTranslation('marketScreens');
  const [params, setParams] = useSearchParams();
  const query = readOfferParams(params);
  const offers = useOffers({ ...query, size: OFFERS_PAGE_SIZE });
  const [min, setMin] = useState(params.get('minimo') ?? '');
  const [max, setMax] = useState(params.get('maximo') ?? '');
  const [sort, setSort] = useState<TOfferSort>(query.sort);
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({});

  useEffect(() => {
    setMin(params.get('minimo') ?? '');
    setMax(params.get('maximo') ?? '');
    setSort(readOfferParams(params).sort);
  }, [params]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next: { min?: string; max?: string } = {};
    const minPrice = min.trim() === '' ? undefined : priceInput(min);
    const maxPrice = max.trim() === '' ? undefined : priceInput(max);
    if (minPrice === null) next.min = t('offers.priceInvalid');
    if (maxPrice === null) next.max = t('offers.priceInvalid');
    if (minPrice && maxPrice && parseScaled(minPrice, PRICE_SCALE)! > parseScaled(maxPrice, PRICE_SCALE)!) next.min = t('offers.rangeInvalid');
    setErrors(next);
    if (next.min || next.max) {
      document.getElementById(next.min ? 'offers-min' : 'offers-max')?.focus();
      return;
    }
    const search = new URLSearchParams(params);
    for (const [key, value] of [['minimo', min.trim()], ['maximo', max.trim()], ['orden', sort === 'price' ? '' : sort]] as const) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    search.delete('pagina');
    setParams(search, { preventScrollReset: true });
  };

  const clear = () => {
    setErrors({});
    setParams(new URLSearchParams(), { preventScrollReset: true });
  };

  const goTo = (page: number) => {
    const search = new URLSearchParams(params);
    if (page <= 1) search.delete('pagina');
    else search.set('pagina', String(page));
    setParams(search, { preventScrollReset: true });
  };

  const filtered = Boolean(query.minPrice || query.maxPrice);
  const data = offers.data;
  const totalPages = data ? Math.ceil(data.total / data.size) : 0;

  return (
    <>
      <form noValidate onSubmit={apply} aria-label={t('offers.filters')} style={ACCESSIBLE_ERROR_COLOR}>
        <Group align="flex-start" mt="sm" gap="sm" wrap="wrap">
          <TextInput
            id="offers-min"
            label={t('offers.minPrice')}
            description={t('offers.priceHint')}
            inputMode="decimal"
            value={min}
            onChange={(e) => setMin(e.currentTarget.value)}
            error={errors.min}
            w={{ base: '100%', xs: 180 }}
            styles={FIELD_STYLES}
          />
          <TextInput
            id="offers-max"
            label={t('offers.maxPrice')}
            description={t('offers.priceHint')}
            inputMode="decimal"
            value={max}
            onChange={(e) => setMax(e.currentTarget.value)}
            error={errors.max}
            w={{ base: '100%', xs: 180 }}
            styles={FIELD_STYLES}
          />
          <NativeSelect
            label={t('offers.sort')}
            value={sort}
            onChange={(e) => setSort(e.currentTarget.value as TOfferSort)}
            data={OFFER_SORTS.map((value) => ({ value, label: t(`offers.sorts.${value}`) }))}
            w={{ base: '100%', xs: 280 }}
          />
        </Group>
        <Group mt="sm" gap="sm">
          <Button type="submit">{t('offers.apply')}</Button>
          {filtered || params.get('orden') ? (
            <Button variant="default" onClick={clear}>
              {t('offers.clear')}
            </Button>
          ) : null}
        </Group>
      </form>
      <div aria-live="polite" aria-busy={offers.isFetching}>
        {offers.isPending ? (
          <Group gap="xs" mt="md">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('status.loading')}</Text>
          </Group>
        ) : offers.isError ? (
          <Alert color="red" variant="light" role="alert" mt="md">
            <Text>{t('status.error')}</Text>
            <Button mt="xs" size="xs" variant="default" onClick={() => void offers.refetch()}>
              {t('status.retry')}
            </Button>
          </Alert>
        ) : data && data.items.length === 0 ? (
          <Text mt="md">{filtered ? t('offers.empty') : t('offers.emptyAll')}</Text>
        ) : data ? (
          <>
            <ScrollTable
              caption={t('offers.caption', { total: data.total })}
              minWidth={720}
              testId="open-offers"
              head={
                <>
                  <Table.Th scope="col">{t('offers.product')}</Table.Th>
                  <Table.Th scope="col">{t('offers.remaining')}</Table.Th>
                  <Table.Th scope="col">{t('offers.price')}</Table.Th>
                  <Table.Th scope="col">{t('offers.value')}</Table.Th>
                  <Table.Th scope="col">{t('offers.validUntil')}</Table.Th>
                  <Table.Th scope="col">{t('offers.action')}</Table.Th>
                </>
              }
            >
              {data.items.map((offer) => {
                const value = tradeOf(offer.remainingUnits, offer.price);
                return (
                  <Table.Tr key={offer.id}>
                    <Table.Td>{offer.productName}</Table.Td>
                    <Table.Td>
                      {formatUnitCount(offer.remainingUnits)}{' '}
                      <Text span size="sm" c="gray.7">
                        {t('offers.ofUnits', { units: formatUnitCount(offer.units) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatUnitPrice(offer.price)}</Table.Td>
                    <Table.Td>{value ? formatCents(value.gross) : ''}</Table.Td>
                    <Table.Td>{formatDate(offer.validUntil)}</Table.Td>
                    <Table.Td>
                      {offer.own ? (
                        <StatusBadge tone="gray">{t('offers.own')}</StatusBadge>
                      ) : (
                        <Anchor
                          component={Link}
                          to={paths.marketBuy.href(offer.id)}
                          aria-label={t('offers.buyLabel', { product: offer.productName, price: formatUnitPrice(offer.price) })}
                          fw={700}
                        >
                          {t('offers.buy')}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </ScrollTable>
            <Pager
              page={query.page - 1}
              totalPages={totalPages}
              onChange={(page) => goTo(page + 1)}
              labels={{ label: t('offers.pager'), previous: t('offers.previous'), next: t('offers.next'), page: (page) => t('offers.page', { page }) }}
            />
          </>
        ) : null}
      </div>
    </>
  );
}
