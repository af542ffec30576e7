import type { TLanguage } from '../i18n/language.ts';

/**
 * The sections of a personal data export (GDPR Art. 15/20): each becomes `<name>.json` and
 * `<name>.csv` in the ZIP, and one line of the index file in the person's language. A list, so a
 * section is added by one entry (the consents module adds `consents` after the merge).
 */
export interface IExportSection {
  name: string;
  title: Record<TLanguage, string>;
}

export const EXPORT_SECTIONS: readonly IExportSection[] = [
  { name: 'profile', title: { es: 'Tus datos personales: nombre, correo, DNI, teléfono, dirección e idioma.', en: 'Your personal details: name, e-mail, ID number, phone, address and language.' } },
  { name: 'payment-methods', title: { es: 'Tus medios de pago tal como los guardamos: marca, últimos cuatro dígitos y caducidad.', en: 'Your payment methods as we store them: brand, last four digits and expiry.' } },
  { name: 'contracts', title: { es: 'Tus contratos y el historial de cada uno.', en: 'Your contracts and the history of each one.' } },
  { name: 'payments', title: { es: 'Los pagos y rendimientos anotados en tu cuenta.', en: 'The payments and income recorded on your account.' } },
  { name: 'appropriateness', title: { es: 'Tus respuestas al test de conveniencia y sus resultados.', en: 'Your answers to the appropriateness test and their results.' } },
  { name: 'notifications', title: { es: 'Las notificaciones que te hemos enviado.', en: 'The notifications we have sent you.' } },
  { name: 'mails', title: { es: 'Los correos electrónicos que te hemos enviado.', en: 'The e-mails we have sent you.' } },
  { name: 'sessions', title: { es: 'Tus inicios de sesión: fecha, dispositivo y navegador (nunca claves ni códigos).', en: 'Your sign-ins: date, device and browser (never passwords or codes).' } },
  { name: 'audit', title: { es: 'El registro de las acciones hechas sobre tus datos.', en: 'The record of the actions taken on your data.' } },
];

const HEADINGS: Record<TLanguage, { title: string; intro: string; formats: string }> = {
  es: {
    title: 'Tus datos en KC',
    intro: 'Este archivo contiene todos los datos personales que guardamos sobre ti, a fecha de',
    formats: 'Cada apartado viene en dos formatos: JSON (para otros programas) y CSV (para abrir con una hoja de cálculo).',
  },
  en: {
    title: 'Your data at KC',
    intro: 'This archive holds all the personal data we keep about you, as of',
    formats: 'Each section comes in two formats: JSON (for other programs) and CSV (to open in a spreadsheet).',
  },
};

/** The index file (LEEME.txt / README.txt) of an export, in the person's language. */
export function exportIndexName(lang: TLanguage): string {
  return lang === 'es' ? 'LEEME.txt' : 'README.txt';
}

export function exportIndex(lang: TLanguage, generatedAt: Date, sections: readonly IExportSection[] = EXPORT_SECTIONS): string {
  const h = HEADINGS[lang];
  const lines = [h.title, '', `${h.intro} ${generatedAt.toISOString()}.`, h.formats, ''];
  for (const s of sections) lines.push(`${s.name}.json, ${s.name}.csv — ${s.title[lang]}`);
  return `${lines.join('\n')}\n`;
}
