import type { TContactRequest, TLanguage } from '@kc/domain';

/** Staff-facing labels of each form (the mail goes to the company, in Spanish). */
const FORM_LABELS: Record<TContactRequest['kind'], string> = {
  general: 'Contacto general',
  'finca-ganadera': 'Aportación de fincas ganaderas',
  'finca-agricola': 'Estudiantes y trabajadores del campo',
};

const LANGUAGE_LABELS: Record<TLanguage, string> = { es: 'español', en: 'inglés' };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Subject and bodies of the mail that forwards a contact message to the company. */
export function contactMail(input: TContactRequest, language: TLanguage, receivedAt: Date) {
  const rows: [string, string][] = [
    ['Formulario', FORM_LABELS[input.kind]],
    ['Nombre', input.name],
    ['Apellidos', input.surname],
    ['Correo electrónico', input.email],
    ['Teléfono', input.phone || '—'],
    ['Idioma', LANGUAGE_LABELS[language]],
    ['Recibido', receivedAt.toISOString()],
  ];
  const subject = `[${FORM_LABELS[input.kind]}] ${input.name} ${input.surname}`.replace(/[\r\n]+/g, ' ');
  const text = `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nMensaje:\n${input.message}\n`;
  const html =
    `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` +
    `<p><strong>Mensaje:</strong></p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`;
  return { subject, text, html };
}
