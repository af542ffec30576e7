import { formatDate } from '@kc/domain';
import type { TMailTemplates } from './repository.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const perUnitFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 6 });
const perUnit = (text: string) => perUnitFormat.format(text as unknown as number);

export interface TDistributionNotice {
  periodFrom: string;
  periodTo: string;
  recordDate: string;
  amountPerUnit: string;
  description: string;
}

/**
 * The mail of a distribution, in both languages: what was distributed and why, and what the
 * investor's contracts received. The repository fills {{firstName}}, {{amount}} and
 * {{contracts}} per investor, in the same statement that queues every mail.
 */
export function distributionMailTemplates(notice: TDistributionNotice, dashboardUrl: string): TMailTemplates {
  // The description is the admin's text: it must not carry the per-investor placeholders.
  notice = { ...notice, description: notice.description.replace(/\{\{|\}\}/g, (m) => m.split('').join(' ')) };
  const period = { from: formatDate(notice.periodFrom), to: formatDate(notice.periodTo), record: formatDate(notice.recordDate) };
  const es = [
    'Hola, {{firstName}}:',
    `KC ha repartido las rentas de alquiler y madera del periodo del ${period.from} al ${period.to}: ${perUnit(notice.amountPerUnit)} por participación de KC, para las participaciones que tenían los contratos activos el ${period.record}.`,
    `Sus contratos (contratos abonados: {{contracts}}) han recibido en total {{amount}}. El importe figura como renta recibida en su tablero: ${dashboardUrl}`,
    `Origen del reparto: ${notice.description}`,
    'Las rentas pasadas no garantizan rentas futuras. Su capital está en riesgo.',
  ];
  const en = [
    'Hello {{firstName}},',
    `KC has distributed the rent and timber income of the period from ${period.from} to ${period.to}: ${perUnit(notice.amountPerUnit)} per KC unit, for the units held by active contracts on ${period.record}.`,
    `Your contracts (contracts credited: {{contracts}}) received {{amount}} in total. The amount shows as income received on your dashboard: ${dashboardUrl}`,
    `Source of the distribution: ${notice.description}`,
    'Past income is no guarantee of future income. Your capital is at risk.',
  ];
  // {{firstName}} is escaped by the repository in the HTML part; the rest is escaped here.
  const html = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  return {
    es: { subject: 'KC: ha recibido {{amount}} del reparto de rentas', text: `${es.join('\n\n')}\n`, html: html(es) },
    en: { subject: 'KC: you received {{amount}} from the income distribution', text: `${en.join('\n\n')}\n`, html: html(en) },
  };
}
