import type { TLanguage } from '../i18n/language.ts';

/**
 * The sections of a personal data export (GDPR Art. 15/20): each becomes `<name>.json` and
 * `<name>.csv` in the ZIP, and one line of the index file in the person's language. A list, so a
 * section is added by one entry.
 */
export interface IExportSection {
  name: string;
  title: Record<TLanguage, string>;
}

export const EXPORT_SECTIONS: readonly IExportSection[] = [
  { name: 'profile', title: { es: 'Tus datos personales: nombre, correo, DNI, teléfono, dirección, monedero e idioma.', en: 'Your personal details: name, e-mail, ID number, phone, address, wallet and language.' } },
  {
    name: 'payment-methods',
    title: {
      es: 'Tus medios de pago tal como los guardamos: marca, últimos cuatro dígitos y caducidad de la tarjeta, o los de la cuenta (nunca el número completo ni el código de seguridad).',
      en: 'Your payment methods as we store them: card brand, last four digits and expiry, or those of the account (never the full number or the security code).',
    },
  },
  {
    name: 'contracts',
    title: {
      es: 'Tus contratos: plan, estado, importes, la versión de la ficha de información que aceptaste y los avisos de riesgo que te mostramos.',
      en: 'Your contracts: plan, state, amounts, the key information sheet version you accepted and the risk warnings we showed you.',
    },
  },
  { name: 'contract-history', title: { es: 'El historial de cada contrato: cada cambio de estado, cuándo, quién lo hizo y por qué.', en: 'The history of each contract: every change of state, when, who made it and why.' } },
  { name: 'payments', title: { es: 'Los pagos anotados en tus contratos.', en: 'The payments recorded on your contracts.' } },
  { name: 'income', title: { es: 'Los rendimientos abonados en tus contratos.', en: 'The income credited to your contracts.' } },
  {
    name: 'appropriateness',
    title: {
      es: 'Tus respuestas al test de conveniencia, su resultado y tu capacidad para asumir pérdidas.',
      en: 'Your answers to the appropriateness test, its result and your capacity to bear losses.',
    },
  },
  {
    name: 'consents',
    title: {
      es: 'Los consentimientos que has dado, rechazado o retirado, con la versión del texto y la fecha.',
      en: 'The consents you have given, refused or withdrawn, with the text version and the date.',
    },
  },
  { name: 'notifications', title: { es: 'Las notificaciones que te hemos enviado.', en: 'The notifications we have sent you.' } },
  {
    name: 'mails',
    title: {
      es: 'Los correos electrónicos que te hemos enviado (los enlaces de un solo uso aparecen ocultos).',
      en: 'The e-mails we have sent you (one-time links are hidden).',
    },
  },
  {
    name: 'sessions',
    title: {
      es: 'Tus sesiones: cuándo empezaron, cuándo caducan o se cerraron y desde qué aplicación (nunca contraseñas ni claves de acceso).',
      en: 'Your sessions: when they started, when they expire or were closed and from which app (never passwords or access keys).',
    },
  },
  {
    name: 'known-devices',
    title: {
      es: 'Los dispositivos desde los que has iniciado sesión: navegador, sistema y la primera y la última vez (no guardamos tu dirección IP, solo una huella cifrada de la red).',
      en: 'The devices you have signed in from: browser, system and the first and last time (we do not keep your IP address, only a keyed fingerprint of the network).',
    },
  },
  {
    name: 'email-changes',
    title: {
      es: 'Tus solicitudes de cambio de correo electrónico: el correo nuevo, cuándo las hiciste, hasta cuándo valía el enlace y si se confirmaron.',
      en: 'Your requests to change your e-mail address: the new address, when you made them, until when the link worked and whether they were confirmed.',
    },
  },
  {
    name: 'second-factors',
    title: {
      es: 'Tus segundos factores: la aplicación de autenticación, tus passkeys y cuántos códigos de recuperación te quedan (nunca las claves ni los códigos).',
      en: 'Your second factors: the authenticator app, your passkeys and how many recovery codes you have left (never the keys or the codes).',
    },
  },
  {
    name: 'market-offers',
    title: {
      es: 'Tus ofertas de venta en el mercado: participaciones, precio, validez y estado.',
      en: 'Your sale offers on the market: units, price, validity and status.',
    },
  },
  {
    name: 'market-trades',
    title: {
      es: 'Tus compras y ventas en el mercado: participaciones, precio, importe, comisión y neto (sin el nombre de la otra parte).',
      en: 'Your purchases and sales on the market: units, price, amount, fee and net (without the other party’s name).',
    },
  },
  {
    name: 'market-payouts',
    title: {
      es: 'Los pagos que te hemos hecho por tus ventas en el mercado: importe, fecha valor y referencia bancaria.',
      en: 'The payments we made to you for your sales on the market: amount, value date and bank reference.',
    },
  },
  {
    name: 'audit',
    title: {
      es: 'El registro de las acciones hechas sobre tus datos: qué, cuándo y si las hiciste tú o nuestro equipo.',
      en: 'The record of the actions taken on your data: what, when and whether you or our staff took them.',
    },
  },
];

const HEADINGS: Record<TLanguage, { title: string; intro: string; formats: string; csv: string }> = {
  es: {
    title: 'Tus datos en KC',
    intro: 'Este archivo contiene todos los datos personales que guardamos sobre ti, a fecha de',
    formats: 'Cada apartado viene en dos formatos: JSON (para otros programas) y CSV (para abrir con una hoja de cálculo).',
    csv: 'En los CSV, las columnas van separadas por punto y coma y los importes llevan coma decimal; las fechas y horas siguen la norma ISO 8601 en hora UTC.',
  },
  en: {
    title: 'Your data at KC',
    intro: 'This archive holds all the personal data we keep about you, as of',
    formats: 'Each section comes in two formats: JSON (for other programs) and CSV (to open in a spreadsheet).',
    csv: 'In the CSV files, columns are separated by commas and amounts use a decimal point; dates and times follow ISO 8601 in UTC.',
  },
};

/** The archive's file name: `kc-mis-datos-2026-11-27.zip` / `kc-my-data-2026-11-27.zip` (the UTC date). */
export function exportArchiveName(lang: TLanguage, generatedAt: Date): string {
  return `${lang === 'es' ? 'kc-mis-datos' : 'kc-my-data'}-${generatedAt.toISOString().slice(0, 10)}.zip`;
}

/** The index file (LEEME.txt / README.txt) of an export, in the person's language. */
export function exportIndexName(lang: TLanguage): string {
  return lang === 'es' ? 'LEEME.txt' : 'README.txt';
}

export function exportIndex(lang: TLanguage, generatedAt: Date, sections: readonly IExportSection[] = EXPORT_SECTIONS): string {
  const h = HEADINGS[lang];
  const lines = [h.title, '', `${h.intro} ${generatedAt.toISOString()}.`, h.formats, h.csv, ''];
  for (const s of sections) lines.push(`${s.name}.json, ${s.name}.csv — ${s.title[lang]}`);
  return `${lines.join('\n')}\n`;
}

/** The export's endpoint (the web app's download button). */
export const privacyExportApi = { download: () => '/api/privacy/export' } as const;
