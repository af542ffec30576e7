import { addNamespaces } from '../../lib/i18n.ts';
import riskEs from '../../locales/es/risk.json';

/** The risk warning's texts, used on every page that makes a return, 'guaranteed' or 'stable' claim. */
addNamespaces({ risk: { es: riskEs, en: () => import('../../locales/en/risk.json') } });

/** A section of a content or legal page: a heading and its paragraphs, as the locale files hold them. */
export interface TTextSection {
  heading: string;
  paragraphs: string[];
}

/** A question and its answer. */
export interface TQuestion {
  q: string;
  a: string;
}
