import { decodeMessage } from './message-key.ts';
import type { TLanguage } from './language.ts';
import { validationMessages } from './validation-messages.ts';
import { accountsMessages } from '../accounts/messages.ts';
import { calculatorMessages } from '../calculator/messages.ts';
import { ledgerMessages } from '../ledger/messages.ts';
// Income (issue 15, part income).
import { incomeMessages } from '../income/messages.ts';
// Jobs board (issue 17, slice jobs).
import { jobsMessages } from '../jobs/messages.ts';
// Properties and plantations (issue 15, part assets).
import { assetsMessages } from '../assets/messages.ts';
// Bank statement imports (issue 15, helper imports).
import { bankStatementsMessages } from '../bank-statements/messages.ts';
// Investor protection (issue 16, helper kis).
import { investorProtectionMessages } from '../investor-protection/messages.ts';
import { consentMessages } from '../consents/messages.ts';
// The KC market (issue 18).
import { marketMessages } from '../market/messages.ts';

/**
 * Messages shared by the browser and the API: everything a schema or the server may say about
 * a field. Feature catalogues register here so both sides translate a key the same way.
 */
type Tree = { readonly [key: string]: string | Tree };

export const sharedMessages: Record<TLanguage, Tree> = {
  es: {
    validation: validationMessages.es,
    accounts: accountsMessages.es,
    calculator: calculatorMessages.es,
    ledger: ledgerMessages.es,
    income: incomeMessages.es,
    jobs: jobsMessages.es,
    assets: assetsMessages.es,
    bankStatements: bankStatementsMessages.es,
    investorProtection: investorProtectionMessages.es,
    consents: consentMessages.es,
    market: marketMessages.es,
  },
  en: {
    validation: validationMessages.en,
    accounts: accountsMessages.en,
    calculator: calculatorMessages.en,
    ledger: ledgerMessages.en,
    income: incomeMessages.en,
    jobs: jobsMessages.en,
    assets: assetsMessages.en,
    bankStatements: bankStatementsMessages.en,
    investorProtection: investorProtectionMessages.en,
    consents: consentMessages.en,
    market: marketMessages.en,
  },
};

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates an encoded message key (`validation.between|min=0&max=120`) into text. */
export function translateMessage(language: TLanguage, message: string): string {
  const { key, params } = decodeMessage(message);
  const template = lookup(sharedMessages[language], key);
  if (template === undefined) return message;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');
}

/** Whether a message is a key of the shared catalogue (rather than a library's own sentence). */
export function isCatalogueMessage(message: string): boolean {
  return lookup(sharedMessages.en, decodeMessage(message).key) !== undefined;
}
