import { addNamespaces } from '../../lib/i18n.ts';
import ledgerScreensEs from '../../locales/es/ledger-screens.json';

/**
 * The money ledger's screen texts (prices, the price chart, a contract's schedule). Not `ledger`:
 * that namespace is the shared catalogue of the ledger's field messages (`ledger.errors.*`).
 */
addNamespaces({ ledgerScreens: { es: ledgerScreensEs, en: () => import('../../locales/en/ledger-screens.json') } });
