import type { Migration } from 'kysely/migration';
import * as foundation from './0001-foundation.ts';
import * as accessTokens from './0002-access-tokens.ts';
import * as contactMessages from './0003-contact-messages.ts';
import * as accounts from './0004-accounts.ts';
import * as contracts from './0005-contracts.ts';
import * as contractNotifications from './0006-contract-notifications.ts';
import * as backofficeUsers from './0007-backoffice-users.ts';
import * as notifications from './0008-notifications.ts';
import * as idempotencyInTransaction from './0009-idempotency-in-transaction.ts';
import * as salesNetwork from './0010-sales-network.ts';
import * as salesNetworkFigures from './0011-sales-network-figures.ts';
import * as ledger from './0014-ledger.ts';
import * as agentFigures from './0015-agent-figures.ts';
// Bank statement imports (issue 15, helper imports).
import * as bankStatements from './0016-bank-statements.ts';
// Income (issue 15, part income).
import * as distributions from './0017-distributions.ts';
// Documents and exports (issue 15, part "documents").
import * as documents from './0018-documents.ts';
// Properties and plantations (issue 15, part assets).
import * as assets from './0019-assets.ts';
// Jobs board (issue 17, slice jobs).
import * as jobs from './0020-jobs.ts';
// Investor protection (issue 16, helper kis).
import * as investorProtection from './0021-investor-protection.ts';
// Consent records (issue 16, part consents).
import * as consents from './0024-consents.ts';
// The reflection period's waiver (issue 16, part "reflection period").
import * as reflectionWaiver from './0025-reflection-waiver.ts';
// Personal data: erasure and retention (issue 16, helper erasure).
import * as privacy from './0026-privacy.ts';
// Job search budget (issue 17, part search budget).
import * as jobsSearch from './0027-jobs-search.ts';
// The ledger's guards per statement (issue 15, budgets).
import * as ledgerStatementGuards from './0030-ledger-statement-guards.ts';
// Strong authentication (issue 18, helper sa-server).
import * as strongAuth from './0032-strong-auth.ts';
// Passkeys (issue 18, strong authentication).
import * as passkeys from './0033-passkeys.ts';
// Changing one's own e-mail (issue 18, helper email-change).
import * as emailChange from './0037-email-change.ts';
// The investor's board kept by the database (issue 12, the dashboard with many investors).
import * as contractBoards from './0038-contract-boards.ts';
import * as boardAnswers from './0039-board-answers.ts';
import * as userSecondFactor from './0040-user-second-factor.ts';
import * as boardAnswerInline from './0041-board-answer-inline.ts';
// Whose mail it is, and no live link in a sent one (issue 16, the erasure's scope; tokens never in clear).
import * as mailOutboxOwner from './0042-mail-outbox-owner.ts';
// A repeat job application waits for the mailbox's confirmation (issue 17, security review).
import * as jobApplicationUpdates from './0043-job-application-updates.ts';
import * as auditIdsOnly from './0044-audit-ids-only.ts';
// The devices a person signs in from, to tell them of a new one (decision 0045).
import * as knownDevices from './0047-known-devices.ts';
// The KC market (issue 18, helper market-api).
import * as market from './0034-market.ts';
// Seller payouts (issue 18, helper payout).
import * as marketPayouts from './0036-market-payouts.ts';

/**
 * Every migration, in order. A module that needs tables adds a file and a line here; names
 * sort in the order they run. Migrations are applied at start (and by every test database).
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-access-tokens': accessTokens,
  '0003-contact-messages': contactMessages,
  '0004-accounts': accounts,
  '0005-contracts': contracts,
  '0006-contract-notifications': contractNotifications,
  '0007-backoffice-users': backofficeUsers,
  '0008-notifications': notifications,
  '0009-idempotency-in-transaction': idempotencyInTransaction,
  '0010-sales-network': salesNetwork,
  '0011-sales-network-figures': salesNetworkFigures,
  '0014-ledger': ledger,
  '0015-agent-figures': agentFigures,
  // Bank statement imports (issue 15, helper imports).
  '0016-bank-statements': bankStatements,
  // Income (issue 15, part income).
  '0017-distributions': distributions,
  // Documents and exports (issue 15, part "documents").
  '0018-documents': documents,
  // Properties and plantations (issue 15, part assets).
  '0019-assets': assets,
  // Jobs board (issue 17, slice jobs).
  '0020-jobs': jobs,
  // Investor protection (issue 16, helper kis).
  '0021-investor-protection': investorProtection,
  // Consent records (issue 16, part consents).
  '0024-consents': consents,
  // The reflection period's waiver (issue 16, part "reflection period").
  '0025-reflection-waiver': reflectionWaiver,
  // Personal data: erasure and retention (issue 16, helper erasure).
  '0026-privacy': privacy,
  // Job search budget (issue 17, part search budget).
  '0027-jobs-search': jobsSearch,
  // The ledger's guards per statement (issue 15, budgets).
  '0030-ledger-statement-guards': ledgerStatementGuards,
  // Strong authentication (issue 18, helper sa-server).
  '0032-strong-auth': strongAuth,
  // Passkeys (issue 18, strong authentication).
  '0033-passkeys': passkeys,
  // The KC market (issue 18, helper market-api).
  '0034-market': market,
  // Seller payouts (issue 18, helper payout).
  '0036-market-payouts': marketPayouts,
  // Changing one's own e-mail (issue 18, helper email-change).
  '0037-email-change': emailChange,
  // The investor's board kept by the database (issue 12, the dashboard with many investors).
  '0038-contract-boards': contractBoards,
  // The kept board as the dashboard's answer itself (issue 12).
  '0039-board-answers': boardAnswers,
  // Whether a person has a second factor, kept on users (issue 12, the session's statement).
  '0040-user-second-factor': userSecondFactor,
  // The kept answer alone, in its row: no TOAST on the dashboard's read (issue 12).
  '0041-board-answer-inline': boardAnswerInline,
  // Whose mail it is (user_id, about_address), and sent mails without their links' secrets.
  '0042-mail-outbox-owner': mailOutboxOwner,
  // A repeat job application kept pending until the address on file confirms it (decision 0023).
  '0043-job-application-updates': jobApplicationUpdates,
  // Audit entries name people by id only: the personal data older entries kept is removed (decision 0047).
  '0044-audit-ids-only': auditIdsOnly,
  // The devices a person signs in from, to tell them of a new one (decision 0045).
  '0047-known-devices': knownDevices,
};
