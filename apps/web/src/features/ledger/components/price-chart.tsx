import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, type TPrice } from '@kc/domain';
import '../i18n.ts';
import { formatUnitPrice } from '../lib/format-price.ts';

const W = 360;
const H = 200;
const PAD = { left: 8, right: 8, top: 16, bottom: 28 };

/** The points of the line: x by value date (time scale), y by price (min…max with a margin). */
export function chartPoints(prices: readonly TPrice[]): { x: number; y: number }[] {
  const times = prices.map((p) => Date.parse(`${p.valueDate}T00:00:00Z`));
  const values = prices.map((p) => Number(p.price));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const margin = (hi - lo) * 0.1 || Math.max(hi * 0.05, 0.01);
  const [ymin, ymax] = [lo - margin, hi + margin];
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  return prices.map((_, i) => ({
    x: PAD.left + (t1 === t0 ? plotW / 2 : ((times[i]! - t0) / (t1 - t0)) * plotW),
    y: PAD.top + (1 - (values[i]! - ymin) / (ymax - ymin)) * plotH,
  }));
}

/**
 * The KC reference price over time as an SVG line (as the calculators' charts): an image whose
 * description gives the first, last, lowest and highest prices; the figures are in a table
 * under it for anyone who wants every one.
 */
export function PriceChart({ prices }: { prices: readonly TPrice[] }) {
  const { t } = useTranslation('ledgerScreens');
  const titleId = useId();
  const descId = useId();
  const points = chartPoints(prices);
  const first = prices[0]!;
  const last = prices[prices.length - 1]!;
  const byPrice = [...prices].sort((a, b) => Number(a.price) - Number(b.price));
  const description = t('chart.description', {
    from: formatDate(first.valueDate),
    to: formatDate(last.valueDate),
    first: formatUnitPrice(first.price),
    last: formatUnitPrice(last.price),
    low: formatUnitPrice(byPrice[0]!.price),
    high: formatUnitPrice(byPrice[byPrice.length - 1]!.price),
  });
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={titleId} aria-describedby={descId} data-testid="price-chart" style={{ maxWidth: 720 }}>
        <title id={titleId}>{t('chart.title')}</title>
        <desc id={descId}>{description}</desc>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#868e96" />
        <path d={path} fill="none" stroke="#2b8a3e" strokeWidth="2" strokeLinejoin="round" />
        {points.length === 1 ? <circle cx={points[0]!.x} cy={points[0]!.y} r="3" fill="#2b8a3e" /> : null}
        <text x={PAD.left} y={H - 8} fontSize="11" fill="#343a40">
          {formatDate(first.valueDate)}
        </text>
        <text x={W - PAD.right} y={H - 8} fontSize="11" fill="#343a40" textAnchor="end">
          {formatDate(last.valueDate)}
        </text>
        <text x={W - PAD.right} y={Math.max(12, points[points.length - 1]!.y - 6)} fontSize="11" fill="#343a40" textAnchor="end">
          {formatUnitPrice(last.price)}
        </text>
      </svg>
      <figcaption style={{ fontSize: 14 }}>{description}</figcaption>
    </figure>
  );
}
