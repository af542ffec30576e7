import type { TAction } from './matrix.ts';

/** An endpoint anyone may call, signed in or not (with the company-id header where tenant). */
export const PUBLIC = 'public' as const;


/**
 * Every endpoint of the API (as the OpenAPI document names it) → the action it needs, or PUBLIC.
 * The API's routes declare the same action with `requirePermission`; a test walks this table
 * against the OpenAPI document, so an endpoint without a row here fails it.
 */
export const ENDPOINT_PERMISSIONS = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'POST /oauth/token': PUBLIC,
  'POST /oauth/revoke': PUBLIC,
  'GET /api/company': PUBLIC,
  'GET /api/lookup/countries': PUBLIC,
  'GET /api/lookup/cities/{countryId}': PUBLIC,
  'POST /api/contact': PUBLIC,
  'GET /api/products': PUBLIC,
  'POST /api/users/register-inversor': PUBLIC,
  'POST /api/users/confirm-sign-up/{userId}/{token}/{companyId}': PUBLIC,
  'POST /api/users/password-reset': PUBLIC,
  'POST /api/users/password/check': PUBLIC,
  'POST /api/users/password': PUBLIC,
  'GET /api/users/identity': 'identity.read',
  'GET /api/users/me': 'account.read',
  'POST /api/users/me/password': 'account.changePassword',
  // E-mail change (issue 18, decision 0037): the request, and the mail link's confirmation (the token names the person).
  'POST /api/users/me/email': 'account.changeEmail',
  'POST /api/users/email-change/confirm': PUBLIC,
  'GET /api/users/payment-preferences': 'paymentPreferences.manageOwn',
  'POST /api/users/payment-preferences': 'paymentPreferences.manageOwn',
  'DELETE /api/users/payment-preferences/{id}': 'paymentPreferences.manageOwn',
  'GET /api/dashboard': 'dashboard.own',
  'GET /api/dashboard/{contractState}': 'dashboard.own',
  'POST /api/customers/{customerId}/contracts': 'contracts.own',
  'POST /api/users/{userId}/contracts/search': 'contracts.own',
  'GET /api/contracts/{id}': 'contracts.own',
  'POST /api/contracts/{id}/{action}': 'contracts.own',
  // The investor waives a NEW contract's reflection period (issue 16, decision 0026); the service allows the owner only.
  'POST /api/contracts/{id}/waive-reflection': 'contracts.own',
  'GET /api/users': 'users.read',
  'POST /api/users': 'users.create',
  'GET /api/users/{userId}': 'users.read',
  'PUT /api/users/{userId}/roles': 'users.updateRoles',
  'POST /api/users/{userId}/deactivate': 'users.deactivate',
  'POST /api/users/{userId}/reactivate': 'users.reactivate',
  'DELETE /api/users/{userId}': 'users.delete',
  'POST /api/users/{userId}/password-reset': 'users.sendPasswordReset',
  'GET /api/audit': 'audit.read',
  // Sales network (slice sales-network).
  'GET /api/sales/tree': 'sales.read',
  'GET /api/sales/groups': 'sales.read',
  'POST /api/sales/groups': 'sales.manage',
  'GET /api/sales/groups/{groupId}': 'sales.read',
  'PUT /api/sales/groups/{groupId}': 'sales.manage',
  'POST /api/sales/groups/{groupId}/close': 'sales.manage',
  'GET /api/sales/teams': 'sales.read',
  'POST /api/sales/teams': 'sales.manage',
  'GET /api/sales/teams/{teamId}': 'sales.read',
  'PUT /api/sales/teams/{teamId}': 'sales.manage',
  'POST /api/sales/teams/{teamId}/close': 'sales.manage',
  'PUT /api/sales/agents/{agentId}/team': 'sales.manage',
  'GET /api/sales/zones': 'sales.zones.read',
  'GET /api/sales/zones/{zoneId}': 'sales.zones.read',
  'POST /api/sales/zones/{zoneId}/seats': 'sales.seats',
  'DELETE /api/sales/zones/{zoneId}/seats/{agentId}': 'sales.seats',
  'GET /api/notifications': 'notifications.own',
  'GET /api/notifications/unread-count': 'notifications.own',
  'POST /api/notifications/read-all': 'notifications.own',
  'POST /api/notifications/{id}/read': 'notifications.own',
  'POST /api/notifications/{id}/dismiss': 'notifications.own',
  'POST /api/notifications/{id}/complete': 'notifications.own',
  'POST /api/notifications/stream-ticket': 'notifications.own',
  /** Authenticated by a single-use ticket (from stream-ticket) or a bearer token. */
  'GET /api/notifications/stream': 'notifications.own',
  // Leads, reservations, clients and pending assignments (issue 14, slice `leads`).
  'GET /api/agent/leads': 'leads.own',
  'POST /api/agent/leads': 'leads.own',
  'POST /api/agent/leads/{leadId}/extend': 'leads.own',
  'POST /api/agent/leads/{leadId}/discard': 'leads.own',
  'GET /api/agent/clients': 'leads.own',
  'GET /api/agent/figures': 'leads.own',
  'GET /api/agent/zones': 'leads.own',
  'GET /api/sales/pending-assignments': 'sales.assignClients',
  'GET /api/sales/assignable-agents': 'sales.assignClients',
  'POST /api/sales/pending-assignments/{customerId}': 'sales.assignClients',
  // Advisor's workspace (issue 14). The queue's actions are POST /api/contracts/{id}/{action}.
  'GET /api/advisor/clients': 'advisor.workspace',
  'GET /api/advisor/clients/{clientId}': 'advisor.workspace',
  'POST /api/advisor/clients/{clientId}/notes': 'advisor.notes',
  'PUT /api/advisor/clients/{clientId}/advisor': 'advisor.reassign',
  'GET /api/advisor/advisors': 'advisor.reassign',
  'GET /api/advisor/queue': 'advisor.workspace',
  // Money ledger (issue 15).
  'GET /api/ledger/prices': PUBLIC,
  'POST /api/ledger/prices': 'ledger.publishPrice',
  'GET /api/ledger/contracts/{contractId}/schedule': 'ledger.readContract',
  'GET /api/ledger/contracts/{contractId}/payments': 'ledger.readContract',
  'POST /api/ledger/contracts/{contractId}/payments': 'ledger.recordPayment',
  'GET /api/ledger/customers/{customerId}/holdings': 'ledger.readContract',
  'GET /api/ledger/journals/{journalId}': 'ledger.audit',
  'POST /api/ledger/journals/{journalId}/reverse': 'ledger.reverseJournal',
  'POST /api/ledger/check': 'ledger.audit',
  // The KC market (issue 18, helper market-api).
  'GET /api/market/summary': PUBLIC,
  'GET /api/market/offers': 'market.trade',
  'GET /api/market/offers/{id}': 'market.trade',
  'POST /api/market/offers': 'market.trade',
  'PATCH /api/market/offers/{id}': 'market.trade',
  'DELETE /api/market/offers/{id}': 'market.trade',
  'GET /api/market/my-offers': 'market.trade',
  'POST /api/market/offers/{id}/buy': 'market.trade',
  'GET /api/market/trades/mine': 'market.trade',
  // Seller payouts (issue 18, helper payout).
  'GET /api/market/payouts': 'market.payouts.read',
  'POST /api/market/payouts/contracts/{contractId}': 'market.payouts.record',
  // Documents and exports (issue 15, part "documents").
  'GET /api/documents/customers/{customerId}': 'documents.read',
  'GET /api/documents/files/{documentId}': 'documents.read',
  'GET /api/documents/customers/{customerId}/exports/{dataset}': 'documents.read',
  // Income (issue 15, part income).
  'GET /api/income/distributions': 'income.declare',
  'POST /api/income/distributions': 'income.declare',
  'POST /api/income/distributions/preview': 'income.declare',
  'GET /api/income/customers/{customerId}/value-history': 'income.readHoldings',
  // --- Jobs board (issue 17, slice jobs) ---
  'GET /api/jobs/offers': PUBLIC,
  'GET /api/jobs/offers/{offerId}': PUBLIC,
  'POST /api/jobs/offers/{offerId}/applications': PUBLIC,
  'GET /api/jobs/cities': PUBLIC,
  'POST /api/jobs/withdrawal': PUBLIC,
  'POST /api/jobs/update-confirmation': PUBLIC,
  'GET /api/jobs/manage/offers': 'jobs.manage',
  'POST /api/jobs/manage/offers': 'jobs.manage',
  'GET /api/jobs/manage/offers/{offerId}': 'jobs.manage',
  'PUT /api/jobs/manage/offers/{offerId}': 'jobs.manage',
  'POST /api/jobs/manage/offers/{offerId}/status': 'jobs.manage',
  'GET /api/jobs/manage/offers/{offerId}/applications': 'jobs.manage',
  'POST /api/jobs/manage/applications/{applicationId}/status': 'jobs.manage',
  'GET /api/jobs/manage/applications/{applicationId}/cv': 'jobs.manage',
  // Properties and plantations behind KC (issue 15, part assets).
  'GET /api/assets': PUBLIC,
  'GET /api/assets/{assetId}': PUBLIC,
  'GET /api/admin/assets': 'assets.manage',
  'POST /api/admin/assets': 'assets.manage',
  'GET /api/admin/assets/{assetId}': 'assets.manage',
  'PUT /api/admin/assets/{assetId}': 'assets.manage',
  'POST /api/admin/assets/{assetId}/publish': 'assets.manage',
  'POST /api/admin/assets/{assetId}/withdraw': 'assets.manage',
  'POST /api/admin/assets/images': 'assets.manage',
  'GET /api/asset-images/{companyId}/{imageId}': PUBLIC,
  // Bank statement imports (issue 15, helper imports).
  'POST /api/bank-statements/imports': 'bankStatements.import',
  'GET /api/bank-statements/imports': 'bankStatements.import',
  'GET /api/bank-statements/lines': 'bankStatements.import',
  'POST /api/bank-statements/lines/{lineId}/assign': 'bankStatements.import',
  'POST /api/bank-statements/lines/{lineId}/dismiss': 'bankStatements.import',
  // Investor protection (issue 16, helper kis).
  'GET /api/investor-protection/sheets/{planId}': PUBLIC,
  'GET /api/customers/{customerId}/appropriateness': 'contracts.own',
  'POST /api/customers/{customerId}/appropriateness': 'contracts.own',
  'POST /api/customers/{customerId}/risk-check': 'contracts.own',
  // Consent records (issue 16, part consents).
  'GET /api/users/me/consents': 'consents.own',
  'POST /api/users/me/consents': 'consents.own',
  'POST /api/users/{userId}/consents/history': 'consents.readAny',
  // Personal data export (issue 16, part export).
  'GET /api/privacy/export': 'privacy.exportOwn',
  // Personal data: erasure (issue 16, helper erasure).
  'POST /api/privacy/erasure': 'privacy.erasure',
  'POST /api/privacy/erasure/confirm': PUBLIC,
  // Strong authentication (issue 18, helper sa-server).
  'GET /api/strong-auth': 'strongAuth.own',
  'POST /api/strong-auth/totp/setup': 'strongAuth.own',
  'POST /api/strong-auth/totp/confirm': 'strongAuth.own',
  'DELETE /api/strong-auth/totp': 'strongAuth.own',
  'POST /api/strong-auth/recovery-codes': 'strongAuth.own',
  'POST /api/strong-auth/step-up': 'strongAuth.own',
  // Passkeys (issue 18, helper passkeys). The authentication challenge is public: a password-less
  // sign-in has no session yet (a bearer, when sent, makes it the caller's step-up).
  'POST /api/strong-auth/passkeys/registration/options': 'strongAuth.own',
  'POST /api/strong-auth/passkeys/registration': 'strongAuth.own',
  'DELETE /api/strong-auth/passkeys/{id}': 'strongAuth.own',
  'POST /api/strong-auth/passkeys/authentication/options': PUBLIC,
} as const satisfies Record<string, TAction | typeof PUBLIC>;
// GET /api/metrics is for operators' tools, not for any role, and is not in the OpenAPI
// document: an address allow-list or its own token guards it (METRICS_ALLOW, METRICS_TOKEN).

export type TEndpoint = keyof typeof ENDPOINT_PERMISSIONS;

/**
 * What a person whose password is temporary (isTemporalPassword) may do until they set a new
 * one: learn who they are and change the password. Every other call answers 403 passwordChangeRequired.
 */
export const PASSWORD_CHANGE_ACTIONS: readonly TAction[] = ['identity.read', 'account.changePassword'];

/**
 * What a staff member (any role but the customers INVESTOR, SUPPLIER and OWNER: `mustEnrolSecondFactor`) may do before they have
 * enrolled a second factor (issue 18): learn who they are, read their account and their own
 * dashboard, change their password, answer the cookie dialog, see their notifications, and
 * enrol. Every other call — the whole back office — answers 403 enrolmentRequired, so the first
 * back-office screen they open asks them to enrol. Logout (/oauth/revoke) needs no permission.
 */
export const ENROLMENT_ACTIONS: readonly TAction[] = [
  'identity.read',
  'account.read',
  'account.changePassword',
  'dashboard.own',
  'consents.own',
  'notifications.own',
  'strongAuth.own',
];
