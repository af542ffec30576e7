import { formatMoney } from '@kc/domain';

/** Numbers in the specification's de-style format, from exact decimal strings (Intl reads strings exactly). */
const numberFormat = (decimals: number) => new Intl.NumberFormat('de-DE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
const area = numberFormat(2);
const hectares = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const whole = numberFormat(0);

export const formatArea = (value: string) => `${area.format(value as unknown as number)} m²`;
/** Hectares are stored at 4 decimals and shown exactly (at least 2). */
export const formatHectares = (value: string) => `${hectares.format(value as unknown as number)} ha`;
export const formatVolume = (value: string) => `${area.format(value as unknown as number)} m³`;
export const formatCount = (value: number) => whole.format(value);
export const formatEuros = (value: string) => formatMoney(value);
export const formatPercent = (value: string) => `${numberFormat(1).format(value as unknown as number)} %`;
