export * from './i18n/message-key.ts';
export * from './i18n/validation-messages.ts';
export * from './i18n/language.ts';
export * from './i18n/catalogue.ts';
export * from './errors/problem.ts';
export * from './errors/extract-error-message.ts';
export * from './format/format.ts';
export * from './http/headers.ts';
export * from './http/paths.ts';
export * from './accounts/index.ts';
export * from './calculator/index.ts';
export * from './contact/index.ts';
export * from './contracts/index.ts';
export * from './notifications/index.ts';
export * from './permissions/index.ts';
export * from './users/index.ts';
export * from './audit/index.ts';
export * from './sales-network/index.ts';
export * from './leads/index.ts';
export * from './advisor/index.ts';
export * from './ledger/index.ts';
// Documents and exports (issue 15, part "documents").
export * from './documents/index.ts';
// Income (issue 15, part income): distributions and the investor's holdings.
export * from './income/index.ts';
// Jobs board (issue 17, slice jobs).
export * from './jobs/index.ts';
// Properties and plantations behind KC (issue 15, part assets).
export * from './assets/index.ts';
// Bank statement imports (issue 15, helper imports).
export * from './bank-statements/index.ts';
// Investor protection (issue 16, helper kis): key information sheets, appropriateness test.
export * from './investor-protection/index.ts';
// Consent records (issue 16, part consents).
export * from './consents/index.ts';
// Personal data rights (issue 16, helper privacy): export, erasure, retention.
export * from './privacy/index.ts';
// The KC market's rules (issue 18): price band, fee, offers and fills.
export * from './market/index.ts';
// Strong authentication's rules (issue 18): step-up, enrolment, recovery codes.
export * from './strong-auth/index.ts';
