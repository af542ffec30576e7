import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS, CHART_ITEM_IDS, decodeMessage, formatMoney, type TChartItem, type TGrowthPoint } from '@kc/domain';
import '../i18n.ts';

/** A chart item's label ('Banco al 2,5 %'): the engine's key, the rate with the language's separator. */
export function useChartLabel() {
  const { t, i18n } = useTranslation('calculator');
  return (encoded: string) => {
    const { key, params } = decodeMessage(encoded);
    const rate = params['rate'];
    const shownRate = rate !== undefined && i18n.language !== 'en' ? rate.replace('.', ',') : rate;
    return t(key.replace(/^calculator\./, ''), { ...params, rate: shownRate });
  };
}

const BAR_AREA = { top: 28, bottom: 200, width: 360 };

/** About the characters of 12 px text that fit under a bar (a third of the chart's width). */
const LABEL_LINE_CHARS = 17;

/** Splits a bar's label into lines at spaces, so neighbouring labels never run into each other. */
export function wrapLabel(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Bank, fund and KC as three bars (SVG, so it is in the prerendered HTML). The bars grow in
 * 280 ms when they appear and move in 280 ms when the figures change, unless the user asks for
 * reduced motion (global.css). The SVG is an image whose description lists every figure.
 */
export function ComparisonChart({ chart, years }: { chart: TChartItem[]; years: number }) {
  const { t } = useTranslation('calculators');
  const label = useChartLabel();
  const titleId = useId();
  const descId = useId();
  const max = Math.max(1, ...chart.map((item) => item.value));
  const slot = BAR_AREA.width / chart.length;
  const barWidth = Math.min(72, slot * 0.5);
  const height = BAR_AREA.bottom - BAR_AREA.top;
  const description = t('results.comparisonDescription', {
    years,
    items: chart.map((item) => `${label(item.itemLabel)}: ${formatMoney(item.value)}`).join('; '),
  });
  return (
    <figure className="kc-calc-figure">
      <svg
        viewBox={`0 0 ${BAR_AREA.width} 256`}
        width="100%"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="kc-calc-chart"
        data-testid="comparison-chart"
      >
        <title id={titleId}>{t('results.comparisonTitle')}</title>
        <desc id={descId}>{description}</desc>
        <line x1="0" x2={BAR_AREA.width} y1={BAR_AREA.bottom} y2={BAR_AREA.bottom} stroke="#868e96" />
        {chart.map((item, index) => {
          const x = slot * index + (slot - barWidth) / 2;
          const ratio = item.value / max;
          const barStyle = { '--kc-bar-scale': ratio, transform: `scaleY(${ratio})` } as CSSProperties;
          return (
            <g key={item.id} data-bar={item.id}>
              <rect
                className="kc-calc-bar"
                x={x}
                y={BAR_AREA.top}
                width={barWidth}
                height={height}
                fill={item.color}
                style={barStyle}
              />
              <text
                x={x + barWidth / 2}
                y={BAR_AREA.bottom - height * ratio - 8}
                textAnchor="middle"
                fontSize="12"
                fill="#212529"
                className="kc-calc-bar-value"
              >
                {formatMoney(item.value)}
              </text>
              <text x={x + barWidth / 2} y={BAR_AREA.bottom + 20} textAnchor="middle" fontSize="12" fill="#212529">
                {wrapLabel(label(item.itemLabel), LABEL_LINE_CHARS).map((line, lineIndex) => (
                  <tspan key={`${lineIndex}-${line}`} x={x + barWidth / 2} dy={lineIndex === 0 ? 0 : 15}>
                    {line}
                  </tspan>
                ))}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

const GROWTH = { left: 70, right: 12, top: 12, bottom: 190, width: 360, height: 220 };

const compactFormatters = new Map<string, Intl.NumberFormat>();
function formatAxisMoney(value: number, language: string): string {
  let formatter = compactFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE', {
      style: 'currency',
      currency: 'EUR',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    compactFormatters.set(language, formatter);
  }
  return formatter.format(value);
}

/**
 * The value after each year of the three (SVG lines), with a legend and, for screen readers and
 * anyone who wants the figures, the same data as a table in a disclosure.
 */
export function GrowthChart({ growth }: { growth: TGrowthPoint[] }) {
  const { t, i18n } = useTranslation('calculators');
  const seriesName = useTranslation('calculator').t;
  const titleId = useId();
  const descId = useId();
  const years = growth.length - 1;
  const max = Math.max(1, ...growth.flatMap((point) => CHART_ITEM_IDS.map((id) => point[id])));
  const plotWidth = GROWTH.width - GROWTH.left - GROWTH.right;
  const plotHeight = GROWTH.bottom - GROWTH.top;
  const xOf = (year: number) => GROWTH.left + (years === 0 ? plotWidth / 2 : (year / years) * plotWidth);
  const yOf = (value: number) => GROWTH.bottom - (value / max) * plotHeight;
  const yTicks = [0, max / 2, max];
  const xTicks = years === 0 ? [0] : Array.from(new Set([0, Math.round(years / 2), years]));
  return (
    <figure className="kc-calc-figure">
      <svg
        viewBox={`0 0 ${GROWTH.width} ${GROWTH.height}`}
        width="100%"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="kc-calc-chart"
        data-testid="growth-chart"
      >
        <title id={titleId}>{t('results.growthTitle')}</title>
        <desc id={descId}>{t('results.growthDescription', { years })}</desc>
        {yTicks.map((tick) => (
          <g key={tick}>
            <line x1={GROWTH.left} x2={GROWTH.width - GROWTH.right} y1={yOf(tick)} y2={yOf(tick)} stroke="#dee2e6" />
            <text x={GROWTH.left - 6} y={yOf(tick) + 4} textAnchor="end" fontSize="10" fill="#495057">
              {formatAxisMoney(tick, i18n.language)}
            </text>
          </g>
        ))}
        {xTicks.map((tick) => (
          <text
            key={tick}
            x={xOf(tick)}
            y={GROWTH.bottom + 16}
            textAnchor={tick === years && years > 0 ? 'end' : 'middle'}
            fontSize="10"
            fill="#495057"
          >
            {`${t('results.year')} ${tick}`}
          </text>
        ))}
        {CHART_ITEM_IDS.map((id) => (
          <g key={id} data-line={id}>
            <polyline
              fill="none"
              stroke={CHART_COLORS[id]}
              strokeWidth="2.5"
              strokeLinejoin="round"
              points={growth.map((point) => `${xOf(point.year)},${yOf(point[id])}`).join(' ')}
            />
            {growth.length > 0 && (
              <circle cx={xOf(years)} cy={yOf(growth[growth.length - 1]![id])} r="3.5" fill={CHART_COLORS[id]} />
            )}
          </g>
        ))}
      </svg>
      <ul className="kc-group kc-calc-legend" aria-hidden="true">
        {CHART_ITEM_IDS.map((id) => (
          <li key={id}>
            <span className="kc-calc-swatch" style={{ background: CHART_COLORS[id] }} />
            <span className="kc-text-sm">{seriesName(`chart.${id}.name`)}</span>
          </li>
        ))}
      </ul>
      <details className="kc-calc-details">
        <summary>{t('results.growthTable')}</summary>
        <div className="kc-calc-scroll">
          <table className="kc-calc-table">
            <thead>
              <tr>
                <th scope="col">{t('results.year')}</th>
                {CHART_ITEM_IDS.map((id) => (
                  <th key={id} scope="col">
                    {seriesName(`chart.${id}.name`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {growth.map((point) => (
                <tr key={point.year}>
                  <th scope="row">{point.year}</th>
                  {CHART_ITEM_IDS.map((id) => (
                    <td key={id}>{formatMoney(point[id])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
