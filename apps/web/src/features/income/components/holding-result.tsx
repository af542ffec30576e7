import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { holdingResult } from '@kc/domain';
import '../i18n.ts';
import { formatSignedMoney } from '../lib/format.ts';

/** Colours with AA contrast on white (kc.9 8.3:1, red.9 5.5:1; Mantine's green.9 is only 4.4:1); the sign and the word say the same without colour. */
const COLOURS = { GAIN: 'kc.9', LOSS: 'red.9', EVEN: 'gray.8' } as const;
const MARKS = { GAIN: '▲', LOSS: '▼', EVEN: '=' } as const;

/**
 * The result, honest: value plus income minus paid in, with its sign, a word (Ganancia /
 * Pérdida) and a colour, so a loss reads as a loss without relying on colour.
 */
export function HoldingResult({ value, income, paidIn }: { value: string | null; income: string; paidIn: string }) {
  const { t } = useTranslation('incomeScreens');
  const result = holdingResult({ value, income, paidIn });
  return (
    <div data-testid="holding-result">
      <Text size="sm" c="gray.7">
        {t('holdings.result')}
      </Text>
      {result ? (
        <Text fw={700} c={COLOURS[result.kind]}>
          <span aria-hidden="true">{MARKS[result.kind]} </span>
          {t(`holdings.${result.kind}`)}: {formatSignedMoney(result.amount)}
        </Text>
      ) : (
        <Text fw={500}>{t('holdings.noPrice')}</Text>
      )}
    </div>
  );
}
