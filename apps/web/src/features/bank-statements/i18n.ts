import { addNamespaces } from '../../lib/i18n.ts';
import bankStatementsEs from '../../locales/es/bank-statement-screens.json';

/** The bank statement import's screen texts (issue 15). Not `bankStatements`: that is the shared catalogue of its field and line messages. */
addNamespaces({ bankStatementScreens: { es: bankStatementsEs, en: () => import('../../locales/en/bank-statement-screens.json') } });
