import type { TPlanId } from '../calculator/plans.ts';

/**
 * The key information sheet of every plan (issue 16; ECSP Art. 23 as the model), defined once
 * for the web page, the server's PDF and the hire's check. A change of wording is a new
 * version: raise KEY_INFO_SHEET_VERSION and its date, and hires from then on record the new one.
 * Older versions stay listed in KEY_INFO_SHEET_VERSIONS so that old contracts still name theirs.
 */
export const KEY_INFO_SHEET_VERSION = '1.0';
export const KEY_INFO_SHEET_DATE = '2026-11-25';
/** Every version ever published, with its date (the hire accepts only the current one). */
export const KEY_INFO_SHEET_VERSIONS: Readonly<Record<string, string>> = { '1.0': '2026-11-25' };

export type TSheetLanguage = 'es' | 'en';

export interface TKeyInfoSection {
  heading: string;
  paragraphs: string[];
}

export interface TKeyInfoSheet {
  planId: TPlanId;
  version: string;
  date: string;
  language: TSheetLanguage;
  title: string;
  planName: string;
  summary: string;
  sections: TKeyInfoSection[];
}

const PLAN_NAMES: Record<TPlanId, Record<TSheetLanguage, string>> = {
  jubilacion: { es: 'Plan jubilación digna', en: 'Decent retirement plan' },
  fideicomiso: { es: 'Plan estudios/fideicomiso', en: 'Studies/trust plan' },
  padrinazgo: { es: 'Plan padrinazgo', en: 'Godparent plan' },
  cerocupones: { es: 'Plan cero cupones', en: 'Zero coupon plan' },
  emprendedor: { es: 'Plan emprendedor', en: 'Entrepreneur plan' },
  sostenibilidad: { es: 'Plan sostenibilidad', en: 'Sustainability plan' },
  personalizado: { es: 'Plan personalizado', en: 'Custom plan' },
};

/** What each plan buys, in a sentence of its own; the rest of the sheet is common to all plans. */
const PLAN_PURPOSE: Record<TPlanId, Record<TSheetLanguage, string>> = {
  jubilacion: {
    es: 'Un plan para ir reuniendo un capital hasta su jubilación con aportaciones mensuales y, si lo desea, un capital inicial.',
    en: 'A plan to build up capital until you retire, with monthly contributions and, if you wish, an initial amount.',
  },
  fideicomiso: {
    es: 'Un plan para los estudios de sus hijos: un capital inicial fijo de 10.000 € y aportaciones mensuales.',
    en: "A plan for your children's studies: a fixed initial amount of €10,000 and monthly contributions.",
  },
  padrinazgo: {
    es: 'Un capital inicial fijo de 6.000 € sin aportaciones mensuales, pensado como regalo para un ahijado.',
    en: 'A fixed initial amount of €6,000 with no monthly contributions, meant as a gift for a godchild.',
  },
  cerocupones: {
    es: 'Un plan que conserva el capital invertido sin pagos periódicos de intereses hasta su vencimiento.',
    en: 'A plan that keeps the invested capital without periodic interest payments until it ends.',
  },
  emprendedor: {
    es: 'Un plan para reunir el capital con el que emprender un proyecto propio.',
    en: 'A plan to build up the capital to start a business of your own.',
  },
  sostenibilidad: {
    es: 'Un plan cuyas aportaciones financian plantaciones de árboles y activos sostenibles.',
    en: 'A plan whose contributions fund tree plantations and sustainable assets.',
  },
  personalizado: {
    es: 'Un plan a su medida: usted elige el capital inicial, la aportación mensual y el plazo.',
    en: 'A plan of your own design: you choose the initial amount, the monthly contribution and the term.',
  },
};

const COMMON: Record<TSheetLanguage, { title: string; summary: string; sections: TKeyInfoSection[] }> = {
  es: {
    title: 'Ficha de datos fundamentales para el inversor',
    summary:
      'Esta ficha le explica, en pocas palabras, qué compra, quién lo emite, qué hay detrás, cuánto cuesta y qué riesgos asume. Léala entera antes de contratar.',
    sections: [
      {
        heading: 'Qué compra',
        paragraphs: [
          'Participaciones de KC, una moneda de inversión respaldada por inmuebles y plantaciones. Sus aportaciones se convierten en participaciones al valor liquidativo publicado en la fecha valor de cada pago.',
        ],
      },
      {
        heading: 'Quién lo emite',
        paragraphs: ['KC, la sociedad que gestiona la plataforma y los activos. KC no es un banco ni una entidad de crédito.'],
      },
      {
        heading: 'Qué activos hay detrás',
        paragraphs: [
          'Inmuebles y plantaciones propiedad de KC, que puede consultar en la sección de activos de la web con sus informes de valoración. El valor de esos activos puede subir o bajar.',
        ],
      },
      {
        heading: 'Costes y gastos',
        paragraphs: [
          'KC no cobra comisión de suscripción ni de reembolso. Los gastos de gestión y mantenimiento de los activos ya están descontados del valor liquidativo. Su banco puede cobrarle por las transferencias.',
        ],
      },
      {
        heading: 'Principales riesgos',
        paragraphs: [
          'Pérdida de capital: puede perder una parte o la totalidad de lo que invierte.',
          'Liquidez: no hay un mercado donde vender sus participaciones en cualquier momento; recuperar su dinero antes del vencimiento puede no ser posible o tardar.',
          'Mercado: las rentabilidades de las calculadoras son simulaciones; ni el pasado ni el mercado garantizan rendimientos futuros.',
        ],
      },
      {
        heading: 'Sin garantía de depósitos',
        paragraphs: ['Esta inversión no es un depósito y no está cubierta por ningún fondo de garantía de depósitos ni de inversiones.'],
      },
      {
        heading: 'Cómo reclamar',
        paragraphs: [
          'Escriba a nuestro servicio de atención al cliente desde la página de contacto; le responderemos en un plazo máximo de un mes. Si no está de acuerdo con la respuesta, puede acudir a las autoridades de consumo o a los tribunales.',
        ],
      },
    ],
  },
  en: {
    title: 'Key investment information sheet',
    summary:
      'This sheet tells you, in a few words, what you buy, who issues it, what is behind it, what it costs and which risks you take. Read all of it before you hire.',
    sections: [
      {
        heading: 'What you buy',
        paragraphs: [
          'Units of KC, an investment coin backed by properties and plantations. Your payments become units at the net asset value published for the value date of each payment.',
        ],
      },
      {
        heading: 'Who issues it',
        paragraphs: ['KC, the company that runs the platform and the assets. KC is not a bank or a credit institution.'],
      },
      {
        heading: 'The assets behind it',
        paragraphs: [
          "Properties and plantations owned by KC, listed with their valuation reports in the website's assets section. The value of those assets can go down as well as up.",
        ],
      },
      {
        heading: 'Costs and charges',
        paragraphs: [
          'KC charges no subscription or redemption fee. The costs of managing and maintaining the assets are already taken out of the net asset value. Your bank may charge you for transfers.',
        ],
      },
      {
        heading: 'Main risks',
        paragraphs: [
          'Loss of capital: you can lose part or all of what you invest.',
          'Liquidity: there is no market where you can sell your units at any time; getting your money back before the end of the term may be impossible or take time.',
          "Market: the calculators' returns are simulations; neither the past nor the market guarantees future returns.",
        ],
      },
      {
        heading: 'No deposit guarantee',
        paragraphs: ['This investment is not a deposit and is not covered by any deposit or investor guarantee scheme.'],
      },
      {
        heading: 'How to complain',
        paragraphs: [
          'Write to our customer service from the contact page; we answer within one month at the latest. If you disagree with the answer, you can turn to the consumer authorities or the courts.',
        ],
      },
    ],
  },
};

/** The plan's name on its sheet. */
export const keyInfoPlanName = (planId: TPlanId, language: TSheetLanguage): string => PLAN_NAMES[planId][language];

/** The current sheet of a plan in one language. */
export function keyInformationSheet(planId: TPlanId, language: TSheetLanguage): TKeyInfoSheet {
  const common = COMMON[language];
  const [first, ...rest] = common.sections;
  return {
    planId,
    version: KEY_INFO_SHEET_VERSION,
    date: KEY_INFO_SHEET_DATE,
    language,
    title: common.title,
    planName: PLAN_NAMES[planId][language],
    summary: common.summary,
    sections: [{ heading: first!.heading, paragraphs: [PLAN_PURPOSE[planId][language], ...first!.paragraphs] }, ...rest],
  };
}

/** Whether a version named by a hire is the sheet in force (older versions are no longer accepted). */
export const isCurrentKeyInfoVersion = (version: string | undefined | null): boolean => version === KEY_INFO_SHEET_VERSION;

/** The sheet page's and links' own words (the page is prerendered, so they live with the sheet). */
export const KEY_INFO_UI: Record<TSheetLanguage, { link: string; back: string; pdf: string; version: string; metaDescription: string }> = {
  es: {
    link: 'Ficha de datos fundamentales',
    back: 'Volver a la calculadora',
    pdf: 'Descargar la ficha en PDF',
    version: 'Versión {{version}} · {{date}}',
    metaDescription: 'Qué compra, quién lo emite, qué hay detrás, costes y riesgos del {{plan}} de KC.',
  },
  en: {
    link: 'Key information sheet',
    back: 'Back to the calculator',
    pdf: 'Download the sheet as PDF',
    version: 'Version {{version}} · {{date}}',
    metaDescription: "What you buy, who issues it, what is behind it, costs and risks of KC's {{plan}}.",
  },
};

/** The PDF's address on the API (public). */
export const keyInfoSheetPdfUrl = (planId: TPlanId, language: TSheetLanguage) => `/api/investor-protection/sheets/${planId}?lang=${language}`;
