import { addNamespaces } from '../../lib/i18n.ts';
import ledgerEs from '../../locales/es/ledger.json';

/** The money ledger's texts (prices, the price chart, a contract's schedule). */
addNamespaces({ ledger: { es: ledgerEs, en: () => import('../../locales/en/ledger.json') } });
