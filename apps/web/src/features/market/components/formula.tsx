import { List, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_MAX_VALIDITY_DAYS, MARKET_MIN_VALIDITY_DAYS, MARKET_PRICE_BAND_BPS } from '@kc/domain';
import '../i18n.ts';
import { formatUnitPrice } from '../../ledger/lib/format-price.ts';
import { feePercent, minTradeText } from '../lib/amounts.ts';
import type { TMarketSummary } from '../api/types.ts';

/**
 * The formula stated plainly (decisions.md: "the formula shown"): the band around the reference
 * price with today's ends, how gross, fee and net are worked out, the smallest trade and the
 * validity. The numbers come from the server's summary, the wording from the domain's rules.
 */
export function MarketFormula({ summary, headingLevel = 2 }: { summary: Pick<TMarketSummary, 'band' | 'feeBps' | 'minTradeCents'>; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation('marketScreens');
  const headingId = useId();
  const bandPercent = String((summary.band?.bps ?? Number(MARKET_PRICE_BAND_BPS)) / 100);
  const percent = feePercent(summary.feeBps);
  return (
    <section aria-labelledby={headingId} data-testid="market-formula">
      <Title order={headingLevel} size={headingLevel === 4 ? 'h5' : 'h3'} id={headingId}>
        {t('formula.heading')}
      </Title>
      <List mt="xs" spacing={4}>
        <List.Item>
          <Text size="sm">
            {summary.band
              ? t('formula.band', { percent: bandPercent, min: formatUnitPrice(summary.band.min), max: formatUnitPrice(summary.band.max) })
              : t('formula.bandNoPrice', { percent: bandPercent })}
          </Text>
        </List.Item>
        <List.Item>
          <Text size="sm">{t('formula.gross')}</Text>
        </List.Item>
        <List.Item>
          <Text size="sm">{t('formula.fee', { percent })}</Text>
        </List.Item>
        <List.Item>
          <Text size="sm">{t('formula.net')}</Text>
        </List.Item>
        <List.Item>
          <Text size="sm">{t('formula.minTrade', { amount: minTradeText(summary.minTradeCents) })}</Text>
        </List.Item>
        <List.Item>
          <Text size="sm">{t('formula.validity', { min: MARKET_MIN_VALIDITY_DAYS, max: MARKET_MAX_VALIDITY_DAYS })}</Text>
        </List.Item>
      </List>
    </section>
  );
}

/** The bulletin-board notice (Regulation (EU) 2020/1503, Art. 25): on every market screen. */
export function MarketNotice() {
  const { t } = useTranslation('marketScreens');
  return (
    <div role="note" aria-label={t('notice.title')} data-testid="market-notice" style={{ borderLeft: '4px solid var(--mantine-color-orange-8)', padding: '8px 12px', background: 'var(--mantine-color-orange-0)' }}>
      <Text fw={700}>{t('notice.title')}</Text>
      <Text size="sm">{t('notice.text')}</Text>
    </div>
  );
}
