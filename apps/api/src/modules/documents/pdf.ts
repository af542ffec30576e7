import PDFDocument from 'pdfkit';
import type { TDocumentLanguage } from '@kc/domain';
import { DOCUMENT_TEXTS, fill } from './texts.ts';
import { formatDateText, toWinAnsi } from './format.ts';

/**
 * A generated document as data (what the PDF shows), then drawn by one renderer: A4, the
 * PDF's standard Helvetica (WinAnsi: every Spanish letter and € are in it, so no font file is
 * loaded at run time; see docs/decisions/0021), selectable text. The model is also what the
 * document's identity digests (docs/decisions/0021): same figures, same stored document.
 */
export type TPdfBlock =
  | { type: 'heading'; text: string }
  | { type: 'fields'; rows: [string, string][] }
  | { type: 'paragraph'; text: string; small?: boolean }
  | { type: 'table'; columns: { label: string; width: number; align?: 'left' | 'right' }[]; rows: string[][]; empty: string };

export interface TPdfModel {
  language: TDocumentLanguage;
  title: string;
  subtitle: string;
  issuer: string;
  blocks: TPdfBlock[];
}

const MARGIN = 56;
const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#2f6b3a';

export function renderPdf(model: TPdfModel, generatedOn: string): Promise<Buffer> {
  const texts = DOCUMENT_TEXTS[model.language];
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: model.language === 'es' ? 'es-ES' : 'en-GB',
    displayTitle: true,
    info: { Title: toWinAnsi(model.title), Author: toWinAnsi(model.issuer), Subject: toWinAnsi(model.subtitle), Creator: 'KC', Producer: 'KC' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  doc.font('Helvetica-Bold').fontSize(10).fillColor(ACCENT).text(toWinAnsi(model.issuer), { width });
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(toWinAnsi(model.title), { width });
  doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(toWinAnsi(model.subtitle), { width });
  doc.moveDown(0.8);

  for (const block of model.blocks) {
    if (block.type === 'heading') {
      ensure(40);
      doc.moveDown(0.6);
      doc.font('Helvetica-Bold').fontSize(12).fillColor(ACCENT).text(toWinAnsi(block.text), MARGIN, doc.y, { width });
      doc.moveTo(MARGIN, doc.y + 2).lineTo(MARGIN + width, doc.y + 2).lineWidth(0.5).strokeColor('#cbd2d9').stroke();
      doc.moveDown(0.5);
    } else if (block.type === 'fields') {
      for (const [label, value] of block.rows) {
        doc.font('Helvetica').fontSize(10);
        const height = Math.max(doc.heightOfString(toWinAnsi(value), { width: width * 0.6 }), 14);
        ensure(height + 4);
        const y = doc.y;
        doc.fillColor(MUTED).text(toWinAnsi(label), MARGIN, y, { width: width * 0.38 });
        doc.fillColor(INK).font('Helvetica-Bold').text(toWinAnsi(value), MARGIN + width * 0.4, y, { width: width * 0.6 });
        doc.y = Math.max(doc.y, y + height) + 3;
      }
    } else if (block.type === 'paragraph') {
      doc.font('Helvetica').fontSize(block.small ? 8.5 : 10).fillColor(block.small ? MUTED : INK);
      ensure(doc.heightOfString(toWinAnsi(block.text), { width }) + 6);
      doc.text(toWinAnsi(block.text), MARGIN, doc.y, { width, align: 'left' });
      doc.moveDown(0.5);
    } else {
      const total = block.columns.reduce((a, c) => a + c.width, 0);
      const xs: number[] = [];
      let x = MARGIN;
      for (const c of block.columns) {
        xs.push(x);
        x += (c.width / total) * width;
      }
      const colWidth = (i: number) => (block.columns[i]!.width / total) * width - 4;
      const drawRow = (cells: string[], bold: boolean) => {
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(bold ? MUTED : INK);
        const height = Math.max(...cells.map((cell, i) => doc.heightOfString(toWinAnsi(cell), { width: colWidth(i) })), 12);
        ensure(height + 4);
        const y = doc.y;
        cells.forEach((cell, i) => doc.text(toWinAnsi(cell), xs[i]!, y, { width: colWidth(i), align: block.columns[i]!.align ?? 'left' }));
        doc.y = y + height + 3;
      };
      drawRow(block.columns.map((c) => c.label), true);
      if (block.rows.length === 0) {
        doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(toWinAnsi(block.empty), MARGIN, doc.y, { width });
        doc.moveDown(0.4);
      }
      for (const row of block.rows) drawRow(row, false);
      doc.x = MARGIN;
      doc.moveDown(0.4);
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0; // the footer sits in the margin: no new page for it
    const footer = `${fill(texts.generatedOn, { date: formatDateText(generatedOn, model.language) })} · ${fill(texts.page, { page: i + 1, pages: range.count })}`;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(toWinAnsi(footer), MARGIN, doc.page.height - MARGIN, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return finished;
}
