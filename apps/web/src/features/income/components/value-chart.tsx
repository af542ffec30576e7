import { Table } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, type TValuePoint } from '@kc/domain';
import '../i18n.ts';
import { formatPerUnit, formatUnitCount } from '../lib/format.ts';

const W = 360;
const H = 200;
const PAD = { left: 8, right: 8, top: 16, bottom: 28 };

/**
 * The lines' points: x by date (time scale), y by euros on one scale for both series (value and
 * paid in), from zero up to the highest with a margin. Numbers here only place pixels.
 */
export function valueChartPoints(points: readonly TValuePoint[]): { value: { x: number; y: number }[]; paidIn: { x: number; y: number }[] } {
  const times = points.map((p) => Date.parse(`${p.date}T00:00:00Z`));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const hi = Math.max(...points.map((p) => Math.max(Number(p.value), Number(p.paidIn))), 1) * 1.1;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (t1 === t0 ? plotW / 2 : ((times[i]! - t0) / (t1 - t0)) * plotW);
  const y = (euros: string) => PAD.top + (1 - Number(euros) / hi) * plotH;
  return { value: points.map((p, i) => ({ x: x(i), y: y(p.value) })), paidIn: points.map((p, i) => ({ x: x(i), y: y(p.paidIn) })) };
}

const pathOf = (line: { x: number; y: number }[]) => line.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');

/**
 * The value of the investor's units at each published price date (SVG, as the calculators'
 * and the price chart): the value line, and what was paid in as a dashed line. The image is
 * described in words, and every figure is in a table under it.
 */
export function ValueChart({ points }: { points: readonly TValuePoint[] }) {
  const { t } = useTranslation('incomeScreens');
  const titleId = useId();
  const descId = useId();
  const lines = valueChartPoints(points);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const description = t('chart.description', {
    from: formatDate(first.date),
    to: formatDate(last.date),
    first: formatMoney(first.value),
    last: formatMoney(last.value),
    paidIn: formatMoney(last.paidIn),
  });
  const end = lines.value[lines.value.length - 1]!;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={titleId} aria-describedby={descId} data-testid="value-chart" style={{ maxWidth: 720 }}>
        <title id={titleId}>{t('chart.title')}</title>
        <desc id={descId}>{description}</desc>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#868e96" />
        <path d={pathOf(lines.paidIn)} fill="none" stroke="#495057" strokeWidth="1.5" strokeDasharray="5 4" />
        <path d={pathOf(lines.value)} fill="none" stroke="#2b8a3e" strokeWidth="2.5" strokeLinejoin="round" />
        {points.length === 1 ? <circle cx={end.x} cy={end.y} r="3" fill="#2b8a3e" /> : null}
        <text x={PAD.left} y={H - 8} fontSize="11" fill="#343a40">
          {formatDate(first.date)}
        </text>
        <text x={W - PAD.right} y={H - 8} fontSize="11" fill="#343a40" textAnchor="end">
          {formatDate(last.date)}
        </text>
        {/* Above both lines' ends, so the figure never sits on a line. */}
        <text x={W - PAD.right} y={Math.max(12, Math.min(end.y, lines.paidIn[lines.paidIn.length - 1]!.y) - 6)} fontSize="11" fill="#343a40" textAnchor="end">
          {formatMoney(last.value)}
        </text>
      </svg>
      <figcaption style={{ fontSize: 14 }}>
        <span aria-hidden="true" style={{ color: '#2b8a3e', fontWeight: 700 }}>
          ━
        </span>{' '}
        {t('chart.value')}{' '}
        <span aria-hidden="true" style={{ color: '#495057' }}>
          ╌
        </span>{' '}
        {t('chart.paidIn')} · {description}
      </figcaption>
      <details style={{ marginTop: 8 }}>
        <summary style={{ cursor: 'pointer' }}>{t('chart.table')}</summary>
        {/* A scrolling region is focusable, so a keyboard can scroll it (axe: scrollable-region-focusable). */}
        <div role="region" aria-label={t('chart.tableCaption')} tabIndex={0} style={{ overflow: 'auto', maxHeight: 320 }}>
          <Table striped miw={320}>
            <caption style={{ textAlign: 'left' }}>{t('chart.tableCaption')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('chart.date')}</Table.Th>
                <Table.Th scope="col">{t('chart.price')}</Table.Th>
                <Table.Th scope="col">{t('chart.units')}</Table.Th>
                <Table.Th scope="col">{t('chart.value')}</Table.Th>
                <Table.Th scope="col">{t('chart.paidIn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...points].reverse().map((p) => (
                <Table.Tr key={p.date}>
                  <Table.Td>{formatDate(p.date)}</Table.Td>
                  <Table.Td>{formatPerUnit(p.price)}</Table.Td>
                  <Table.Td>{formatUnitCount(p.units)}</Table.Td>
                  <Table.Td>{formatMoney(p.value)}</Table.Td>
                  <Table.Td>{formatMoney(p.paidIn)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
