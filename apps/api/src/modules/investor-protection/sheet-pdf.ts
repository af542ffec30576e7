import { keyInformationSheet, type TPlanId, type TSheetLanguage } from '@kc/domain';
import { renderPdf, type TPdfBlock, type TPdfModel } from '../documents/pdf.ts';

/**
 * The key information sheet as a PDF (issue 16), drawn by the documents' renderer (A4, pdfkit,
 * selectable text) from the same content as the web page: the requested language first, then
 * the other one, so one file holds the sheet in both languages.
 */
export function keyInfoSheetModel(planId: TPlanId, language: TSheetLanguage): TPdfModel {
  const first = keyInformationSheet(planId, language);
  const second = keyInformationSheet(planId, language === 'es' ? 'en' : 'es');
  const blocksOf = (sheet: typeof first, withTitle: boolean): TPdfBlock[] => [
    ...(withTitle ? [{ type: 'heading' as const, text: `${sheet.title} — ${sheet.planName}` }] : []),
    {
      type: 'fields',
      rows: [
        [sheet.language === 'es' ? 'Plan' : 'Plan', sheet.planName],
        [sheet.language === 'es' ? 'Versión' : 'Version', sheet.version],
        [sheet.language === 'es' ? 'Fecha' : 'Date', sheet.date],
      ],
    },
    { type: 'paragraph', text: sheet.summary },
    ...sheet.sections.flatMap((section): TPdfBlock[] => [
      { type: 'heading', text: section.heading },
      ...section.paragraphs.map((text): TPdfBlock => ({ type: 'paragraph', text })),
    ]),
  ];
  return {
    language,
    title: `${first.title}: ${first.planName}`,
    subtitle: `${second.planName} · ${first.language === 'es' ? 'Versión' : 'Version'} ${first.version} (${first.date})`,
    issuer: 'KC',
    blocks: [...blocksOf(first, false), ...blocksOf(second, true)],
  };
}

export function renderKeyInfoSheet(planId: TPlanId, language: TSheetLanguage): Promise<Buffer> {
  const sheet = keyInformationSheet(planId, language);
  return renderPdf(keyInfoSheetModel(planId, language), sheet.date);
}
