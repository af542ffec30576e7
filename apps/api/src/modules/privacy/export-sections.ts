import { EXPORT_SECTIONS, formatEur, parseEur, type TLanguage } from '@kc/domain';
import type { TDb } from '../../db/database.ts';
import { profileForExport } from '../account/service.ts';
import { listEmailChangesOfPerson } from '../account/email-change-service.ts';
import { listAuditAboutUser } from '../audit/service.ts';
import { listUserConsents } from '../consents/service.ts';
import { listContractsForExport } from '../contracts/service.ts';
import { listMoneyForExport } from '../documents/service.ts';
import { listInvestorProtectionForExport } from '../investor-protection/service.ts';
import { mailsOfPersonForExport } from '../mail/mailer.ts';
import { listNotificationsForExport } from '../notifications/service.ts';
import { listMarketForExport } from '../market/service.ts';
import { listKnownDevicesForExport, listSessionsForExport } from '../oauth/service.ts';
import { paymentPreferencesForExport } from '../payment-preferences/service.ts';
import { listSecondFactorsForExport } from '../strong-auth/service.ts';
import { jsonColumn } from '../../lib/json-column.ts';
import { hideLinkSecrets as hideSecrets } from '../../lib/link-secrets.ts';

/**
 * What each section of a personal data export holds (issue 16, GDPR Art. 15/20; decision 0027).
 * Every row is a flat record: the JSON file is the list of records, the CSV file has one column per
 * key in the same order. Each section reads through its owning module, filtered by the signed-in
 * person's id and company only. Nothing secret is ever selected: no password hash, no token or its
 * hash, no full card number or security code (never stored), and one-time links in mails hidden.
 */
export type TExportValue = string | number | boolean | null | Record<string, unknown> | unknown[];
export type TExportRow = Record<string, TExportValue>;

/** How a column is written in CSV: text (default), a decimal amount (decimal comma in Spanish), or JSON. */
export type TColumnKind = 'text' | 'decimal' | 'json';

export interface TExportSectionSource {
  name: string;
  columns: readonly (readonly [key: string, kind?: TColumnKind])[];
  rows(ctx: TExportContext): Promise<TExportRow[]>;
}

export interface TExportContext {
  /** A read-only snapshot (one REPEATABLE READ transaction), so every section sees the same moment. */
  db: TDb;
  companyId: string;
  userId: string;
  email: string;
  lang: TLanguage;
  /** Reads shared by several sections (contracts, money, investor protection) run once per export. */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

const iso = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());
/** Who did something to the person's data: they themselves, our staff, or the platform on its own (no actor). */
const madeBy = (actorId: string | null, userId: string): 'self' | 'staff' | 'system' => (actorId === null ? 'system' : actorId === userId ? 'self' : 'staff');

const HIDDEN: Record<TLanguage, string> = { es: '[oculto]', en: '[hidden]' };
/** A mail's text with the secrets of its links (lib/link-secrets.ts) hidden: the export must never hand out a live link. */
export const hideLinkSecrets = (text: string, lang: TLanguage): string => hideSecrets(text, HIDDEN[lang]);

const contractsOf = (ctx: TExportContext) => ctx.once('contracts', () => listContractsForExport(ctx.db, ctx.companyId, ctx.userId));
const moneyOf = (ctx: TExportContext) => ctx.once('money', () => listMoneyForExport(ctx.db, ctx.companyId, ctx.userId));
const marketOf = (ctx: TExportContext) => ctx.once('market', () => listMarketForExport(ctx.db, ctx.companyId, ctx.userId));
const protectionOf = (ctx: TExportContext) => ctx.once('protection', () => listInvestorProtectionForExport(ctx.db, ctx.companyId, ctx.userId));

const SOURCES: readonly TExportSectionSource[] = [
  {
    name: 'profile',
    columns: [
      ['id'], ['email'], ['firstName'], ['lastName'], ['phone'], ['dni'], ['dateOfBirth'], ['countryId'], ['cityId'], ['postalCode'],
      ['investorType'], ['companyName'], ['companyTaxId'], ['billingAddressLine1'], ['billingAddressLine2'], ['billingCountry'],
      ['billingState'], ['billingCity'], ['billingPostalCode'], ['ethereumWallet'], ['language'], ['roles', 'json'], ['createdAt'],
      ['confirmedAt'], ['lastLogonAt'],
    ],
    async rows({ db, companyId, userId }) {
      const u = await profileForExport(db, companyId, userId);
      if (!u) return [];
      return [
        {
          id: u.id,
          email: u.email,
          firstName: u.first_name,
          lastName: u.last_name,
          phone: u.phone,
          dni: u.dni,
          dateOfBirth: u.date_of_birth,
          countryId: u.country_id,
          cityId: u.city_id,
          postalCode: u.postal_code,
          investorType: u.investor_type,
          companyName: u.company_name,
          companyTaxId: u.company_tax_id,
          billingAddressLine1: u.billing_address_line1,
          billingAddressLine2: u.billing_address_line2,
          billingCountry: u.billing_country,
          billingState: u.billing_state,
          billingCity: u.billing_city,
          billingPostalCode: u.billing_postal_code,
          ethereumWallet: u.ethereum_wallet,
          language: u.language,
          roles: u.roles,
          createdAt: iso(u.created_at),
          confirmedAt: iso(u.confirmed_at),
          lastLogonAt: iso(u.last_logon_at),
        },
      ];
    },
  },
  {
    name: 'payment-methods',
    columns: [['id'], ['kind'], ['cardBrand'], ['cardLast4'], ['cardExpiry'], ['ibanLast4'], ['ethereumAddress'], ['createdAt'], ['removedAt']],
    async rows({ db, companyId, userId }) {
      return (await paymentPreferencesForExport(db, companyId, userId)).map((p) => ({
        id: p.id,
        kind: p.kind,
        cardBrand: p.card_brand,
        cardLast4: p.card_last4,
        cardExpiry: p.card_expiry,
        ibanLast4: p.iban_last4,
        ethereumAddress: p.ethereum_address,
        createdAt: iso(p.created_at),
        removedAt: iso(p.removed_at),
      }));
    },
  },
  {
    name: 'contracts',
    columns: [
      ['id'], ['productKey'], ['plan'], ['state'], ['initialInvestment', 'decimal'], ['recurringAmount', 'decimal'], ['submissionDate'],
      ['expiringDate'], ['periodType'], ['paymentMethodId'], ['createdAt'], ['updatedAt'], ['keyInfoVersion'], ['keyInfoAcceptedAt'],
      ['assessmentId'], ['riskWarnings', 'json'], ['riskAcknowledgedAt'],
    ],
    async rows(ctx) {
      const { lang } = ctx;
      const [{ contracts }, { hires }] = await Promise.all([contractsOf(ctx), protectionOf(ctx)]);
      return contracts.map((c) => {
        const hire = hires.find((h) => h.contract_id === c.id);
        return {
          id: c.id,
          productKey: c.product_key,
          plan: lang === 'es' ? c.name_es : c.name_en,
          state: c.state,
          initialInvestment: c.initial_investment,
          recurringAmount: c.recurring_amount,
          submissionDate: c.submission_date,
          expiringDate: c.expiring_date,
          periodType: c.contract_period_type,
          paymentMethodId: c.payment_preference_id,
          createdAt: iso(c.created_at),
          updatedAt: iso(c.updated_at),
          keyInfoVersion: hire?.key_info_version ?? null,
          keyInfoAcceptedAt: iso(hire?.key_info_accepted_at),
          assessmentId: hire?.assessment_id ?? null,
          riskWarnings: hire ? jsonColumn<string[]>(hire.warnings) : [],
          riskAcknowledgedAt: iso(hire?.acknowledged_at),
        };
      });
    },
  },
  {
    name: 'contract-history',
    columns: [['contractId'], ['at'], ['fromState'], ['toState'], ['madeBy'], ['reason'], ['paymentReference']],
    async rows(ctx) {
      const { userId } = ctx;
      const { events } = await contractsOf(ctx);
      return events.map((e) => ({
        contractId: e.contract_id,
        at: iso(e.at),
        fromState: e.from_state,
        toState: e.to_state,
        madeBy: madeBy(e.actor_id, userId),
        reason: e.reason,
        paymentReference: e.payment_reference,
      }));
    },
  },
  {
    name: 'payments',
    columns: [
      ['contractId'], ['valueDate'], ['amount', 'decimal'], ['method'], ['reference'], ['price', 'decimal'], ['priceDate'], ['units', 'decimal'],
      ['recordedAt'], ['reversedOn'],
    ],
    async rows(ctx) {
      const { payments } = await moneyOf(ctx);
      return payments.map((p) => ({
        contractId: p.contract_id,
        valueDate: p.value_date,
        amount: p.amount,
        method: p.method,
        reference: p.reference,
        price: p.price,
        priceDate: p.price_date,
        units: p.units,
        recordedAt: iso(p.recorded_at),
        reversedOn: p.reversed_on ?? null,
      }));
    },
  },
  {
    name: 'income',
    columns: [['contractId'], ['productKey'], ['date'], ['amount', 'decimal'], ['kind'], ['description']],
    async rows(ctx) {
      const { income } = await moneyOf(ctx);
      // INCOME_PAYABLE lines are credits (negative): the investor's income is their opposite, exact.
      return income.map((i) => ({
        contractId: i.contract_id,
        productKey: i.product_key,
        date: i.occurred_on,
        amount: formatEur(-parseEur(i.amount)),
        kind: i.kind,
        description: i.description,
      }));
    },
  },
  {
    name: 'appropriateness',
    columns: [
      ['id'], ['version'], ['takenAt'], ['takenBy'], ['answers', 'json'], ['score'], ['maxScore'], ['passed'], ['netWorth', 'decimal'],
      ['yearlyIncome', 'decimal'], ['commitments', 'decimal'], ['lossCapacity', 'decimal'],
    ],
    async rows(ctx) {
      const { userId } = ctx;
      const { assessments } = await protectionOf(ctx);
      return assessments.map((a) => ({
        id: a.id,
        version: a.version,
        takenAt: iso(a.taken_at),
        takenBy: madeBy(a.taken_by, userId),
        answers: jsonColumn<Record<string, string>>(a.answers),
        score: a.score,
        maxScore: a.max_score,
        passed: a.passed,
        netWorth: a.net_worth,
        yearlyIncome: a.yearly_income,
        commitments: a.commitments,
        lossCapacity: a.loss_capacity,
      }));
    },
  },
  {
    name: 'consents',
    columns: [['id'], ['purpose'], ['choice'], ['textVersion'], ['source'], ['recordedAt']],
    async rows({ db, companyId, userId }) {
      // Oldest first, as every other section (the service gives newest first).
      return (await listUserConsents(db, companyId, userId)).reverse().map((c) => ({ ...c }));
    },
  },
  {
    name: 'notifications',
    columns: [
      ['id'], ['createdAt'], ['kind'], ['severity'], ['title'], ['readAt'], ['dismissedAt'], ['subjectType'], ['subjectId'], ['taskType'],
      ['taskState'], ['completedAt'],
    ],
    async rows({ db, companyId, userId, lang }) {
      return (await listNotificationsForExport(db, companyId, userId, lang)).map((n) => ({
        id: n.id,
        createdAt: iso(n.created_at),
        kind: n.kind,
        severity: n.severity,
        title: n.title,
        readAt: iso(n.read_at),
        dismissedAt: iso(n.dismissed_at),
        subjectType: n.subject_type,
        subjectId: n.subject_id,
        taskType: n.task_type,
        taskState: n.task_state,
        completedAt: iso(n.completed_at),
      }));
    },
  },
  {
    name: 'mails',
    columns: [['id'], ['createdAt'], ['sentAt'], ['status'], ['subject'], ['text']],
    async rows({ db, companyId, userId, email, lang }) {
      return (await mailsOfPersonForExport(db, { companyId, userId, email })).map((m) => ({
        id: m.id,
        createdAt: iso(m.created_at),
        sentAt: iso(m.sent_at),
        status: m.status,
        subject: m.subject,
        text: hideLinkSecrets(m.text_body, lang),
      }));
    },
  },
  {
    name: 'sessions',
    columns: [['app'], ['startedAt'], ['expiresAt'], ['endedAt']],
    async rows({ db, companyId, userId }) {
      return (await listSessionsForExport(db, companyId, userId)).map((s) => ({
        app: s.client_id,
        startedAt: iso(s.created_at),
        expiresAt: iso(s.expires_at),
        endedAt: iso(s.revoked_at),
      }));
    },
  },
  {
    name: 'known-devices',
    columns: [['browser'], ['system'], ['firstSignInAt'], ['lastSignInAt']],
    async rows({ db, companyId, userId }) {
      return (await listKnownDevicesForExport(db, companyId, userId)).map((d) => ({
        browser: d.browser,
        system: d.os,
        firstSignInAt: iso(d.first_seen_at),
        lastSignInAt: iso(d.last_seen_at),
      }));
    },
  },
  {
    name: 'email-changes',
    columns: [['newEmail'], ['state'], ['requestedAt'], ['linkExpiresAt'], ['confirmedAt']],
    async rows({ db, companyId, userId }) {
      return (await listEmailChangesOfPerson(db, companyId, userId)).map((c) => ({
        newEmail: c.new_email,
        state: c.state,
        requestedAt: iso(c.created_at),
        linkExpiresAt: iso(c.expires_at),
        confirmedAt: iso(c.confirmed_at),
      }));
    },
  },
  {
    name: 'second-factors',
    columns: [['kind'], ['name'], ['createdAt'], ['lastUsedAt'], ['details', 'json']],
    async rows({ db, companyId, userId }) {
      const { totp, passkeys, recoveryCodes } = await listSecondFactorsForExport(db, companyId, userId);
      const rows: TExportRow[] = [];
      if (totp) rows.push({ kind: 'totp', name: null, createdAt: iso(totp.enrolled_at), lastUsedAt: iso(totp.last_used_at), details: {} });
      for (const p of passkeys) {
        rows.push({ kind: 'passkey', name: p.name, createdAt: iso(p.created_at), lastUsedAt: iso(p.last_used_at), details: { deviceType: p.device_type, backedUp: p.backed_up } });
      }
      if (recoveryCodes) {
        rows.push({ kind: 'recoveryCodes', name: null, createdAt: iso(recoveryCodes.createdAt), lastUsedAt: null, details: { total: recoveryCodes.total, left: recoveryCodes.total - recoveryCodes.used } });
      }
      return rows;
    },
  },
  {
    name: 'market-offers',
    columns: [['id'], ['contractId'], ['units', 'decimal'], ['remainingUnits', 'decimal'], ['price', 'decimal'], ['referencePrice', 'decimal'], ['validUntil'], ['status'], ['closeReason'], ['createdAt'], ['closedAt']],
    async rows(ctx) {
      const { offers } = await marketOf(ctx);
      return offers.map((o) => ({
        id: o.id,
        contractId: o.contract_id,
        units: o.units,
        remainingUnits: o.remaining_units,
        price: o.price,
        referencePrice: o.reference_price,
        validUntil: iso(o.valid_until),
        status: o.status,
        closeReason: o.close_reason,
        createdAt: iso(o.created_at),
        closedAt: iso(o.closed_at),
      }));
    },
  },
  {
    name: 'market-trades',
    columns: [['id'], ['side'], ['contractId'], ['units', 'decimal'], ['price', 'decimal'], ['grossEur', 'decimal'], ['feeEur', 'decimal'], ['netEur', 'decimal'], ['keyInfoVersion'], ['at']],
    async rows(ctx) {
      const { trades } = await marketOf(ctx);
      const eur = (cents: string | number | bigint) => formatEur(BigInt(cents)); // whole cents, exact
      return trades.map((t) => {
        const sold = t.seller_id === ctx.userId;
        return {
          id: t.id,
          side: sold ? 'SELL' : 'BUY',
          contractId: sold ? t.seller_contract_id : t.buyer_contract_id,
          units: t.units,
          price: t.price,
          grossEur: eur(t.gross_cents),
          feeEur: sold ? eur(t.fee_cents) : '0.00',
          netEur: sold ? eur(t.net_cents) : eur(t.gross_cents),
          keyInfoVersion: t.key_info_version,
          at: iso(t.created_at),
        };
      });
    },
  },
  {
    name: 'market-payouts',
    columns: [['id'], ['contractId'], ['amountEur', 'decimal'], ['valueDate'], ['bankReference'], ['recordedAt']],
    async rows(ctx) {
      const { payouts } = await marketOf(ctx);
      return payouts.map((p) => ({
        id: p.id,
        contractId: p.contractId,
        amountEur: formatEur(BigInt(p.amountCents)),
        valueDate: p.valueDate,
        bankReference: p.bankReference,
        recordedAt: p.recordedAt,
      }));
    },
  },
  {
    name: 'audit',
    columns: [['at'], ['action'], ['entityType'], ['entityId'], ['madeBy'], ['ipAddress']],
    async rows(ctx) {
      const { db, companyId, userId } = ctx;
      const [{ contracts }, { payments }] = await Promise.all([contractsOf(ctx), moneyOf(ctx)]);
      const entries = await listAuditAboutUser(
        db,
        companyId,
        userId,
        contracts.map((c) => c.id),
        payments.map((p) => p.id),
      );
      return entries.map((a) => ({
        at: iso(a.at),
        action: a.action,
        entityType: a.entity_type,
        entityId: a.entity_id,
        madeBy: madeBy(a.actor_id, userId),
        // The address is the person's own data only when they acted; staff addresses are not theirs.
        ipAddress: a.actor_id === userId ? a.ip_address : null,
      }));
    },
  },
];

/** The sections in the order of the domain's list (its index file describes each); a missing source fails at start. */
export const EXPORT_SECTION_SOURCES: readonly TExportSectionSource[] = EXPORT_SECTIONS.map((section) => {
  const source = SOURCES.find((s) => s.name === section.name);
  if (!source) throw new Error(`No source for the export section ${section.name}`);
  return source;
});
