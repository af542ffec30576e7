import { PLAN_IDS } from '../calculator/plan-ids.ts';

/**
 * Every URL of the web app, once (conventions, 2). `path` is the router pattern relative to the
 * /web base; `href(...)` builds a link. The API uses the same table to answer unknown /web
 * paths with 404.
 */
export const paths = {
  root: { path: '/', href: () => '/' },
  home: { path: '/home', href: () => '/home' },
  privacyPolicy: { path: '/home/privacy-policy', href: () => '/home/privacy-policy' },
  terms: { path: '/home/terms-and-conditions', href: () => '/home/terms-and-conditions' },
  dataPrivacy: { path: '/home/data-privacy', href: () => '/home/data-privacy' },
  cookies: { path: '/home/cookies', href: () => '/home/cookies' },
  contactUs: { path: '/home/contact-us', href: () => '/home/contact-us' },
  contactLivestock: { path: '/home/contact/finca-ganadera', href: () => '/home/contact/finca-ganadera' },
  contactFarm: { path: '/home/contact/finca-agricola', href: () => '/home/contact/finca-agricola' },
  coin: { path: '/home/info/coin-and-finance', href: () => '/home/info/coin-and-finance' },
  faq: { path: '/home/info/question-and-answers', href: () => '/home/info/question-and-answers' },
  careers: { path: '/home/info/work-with-us', href: () => '/home/info/work-with-us' },
  salesFaq: { path: '/home/info/comerciales', href: () => '/home/info/comerciales' },
  calculators: { path: '/home/calculadoras', href: () => '/home/calculadoras' },
  calculator: {
    path: '/home/calculadoras/:id',
    href: (id: (typeof PLAN_IDS)[number], query?: string) => `/home/calculadoras/${id}${query ? `?${query}` : ''}`,
  },
  login: { path: '/user/login', href: () => '/user/login' },
  signUp: { path: '/user/sign-up', href: () => '/user/sign-up' },
  signUpAgent: { path: '/user/sign-up-comercial', href: () => '/user/sign-up-comercial' },
  signUpSupplier: { path: '/user/sign-up-minero', href: () => '/user/sign-up-minero' },
  signUpOwner: { path: '/user/sign-up-propietario', href: () => '/user/sign-up-propietario' },
  confirmSignUp: {
    path: '/user/confirm-sign-up',
    href: (userId: string, token: string) =>
      `/user/confirm-sign-up?${new URLSearchParams({ userId, token }).toString()}`,
  },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  hire: { path: '/inversor/contratar', href: () => '/inversor/contratar' },
  contracts: { path: '/inversor/contratos/:id', href: (id: string) => `/inversor/contratos/${encodeURIComponent(id)}` },
  investorDashboard: { path: '/inversor/dashboard', href: () => '/inversor/dashboard' },
  market: { path: '/market', href: () => '/market' },
  authorization: { path: '/authorization', href: () => '/authorization' },
  // The KC market (issue 18): the open offers are on /market; buying one, selling units of a
  // contract (`?contrato=` preselects it) and the investor's own offers and trades.
  marketBuy: { path: '/market/ofertas/:id/comprar', href: (id: string) => `/market/ofertas/${encodeURIComponent(id)}/comprar` },
  marketSell: { path: '/market/vender', href: (contractId?: string) => `/market/vender${contractId ? `?contrato=${encodeURIComponent(contractId)}` : ''}` },
  marketMine: { path: '/market/mis-ofertas', href: () => '/market/mis-ofertas' },
  account: { path: '/account', href: () => '/account' },
  /** Second factors: authenticator app, passkeys, recovery codes (issue 18). */
  accountSecurity: { path: '/account/security', href: () => '/account/security' },
  /** The agent's workspace: leads (filters in the query string), clients, figures (issue 14). */
  agentWorkspace: { path: '/agent', href: (query?: string) => `/agent${query ? `?${query}` : ''}` },
  /** Confirmed investors without an agent, to assign (issue 14). */
  salesPending: { path: '/sales/pending', href: (query?: string) => `/sales/pending${query ? `?${query}` : ''}` },
  advisorDashboard: { path: '/advisor/dashboard', href: (query?: string) => `/advisor/dashboard${query ? `?${query}` : ''}` },
  /** A client's page in the advisor's workspace (customerDetails). */
  advisorClient: { path: '/advisor/clients/:id', href: (id: string) => `/advisor/clients/${encodeURIComponent(id)}` },
  userList: { path: '/user/list', href: (query?: string) => `/user/list${query ? `?${query}` : ''}` },
  userDetail: { path: '/user/:id', href: (id: string) => `/user/${encodeURIComponent(id)}` },
  /** The forgot-password link's page: a new password for userId with the one-time token. */
  resetPassword: {
    path: '/user/reset-password',
    href: (userId: string, token: string) => `/user/reset-password?${new URLSearchParams({ userId, token }).toString()}`,
  },
  /** The first password of a user created by staff. */
  setPassword: {
    path: '/user/set-password',
    href: (userId: string, token: string) => `/user/set-password?${new URLSearchParams({ userId, token }).toString()}`,
  },
  forgotPassword: { path: '/user/forgot-password', href: () => '/user/forgot-password' },
  audit: { path: '/admin/audit', href: (query?: string) => `/admin/audit${query ? `?${query}` : ''}` },
  // Sales network (slice sales-network).
  salesTree: { path: '/sales/tree', href: () => '/sales/tree' },
  salesGroups: { path: '/sales/groups', href: (query?: string) => `/sales/groups${query ? `?${query}` : ''}` },
  salesGroup: { path: '/sales/groups/:id', href: (id: string) => `/sales/groups/${encodeURIComponent(id)}` },
  salesTeams: { path: '/sales/teams', href: (query?: string) => `/sales/teams${query ? `?${query}` : ''}` },
  salesTeam: { path: '/sales/teams/:id', href: (id: string) => `/sales/teams/${encodeURIComponent(id)}` },
  salesZones: { path: '/sales/zones', href: (query?: string) => `/sales/zones${query ? `?${query}` : ''}` },
  salesZone: { path: '/sales/zones/:id', href: (id: string) => `/sales/zones/${encodeURIComponent(id)}` },
  /** ADMIN publishes the KC reference price (money ledger, issue 15). */
  prices: { path: '/admin/prices', href: () => '/admin/prices' },
  // Documents and exports (issue 15, part "documents"): the investor's documents page.
  documents: { path: '/inversor/documentos', href: () => '/inversor/documentos' },
  // Income (issue 15, part income): ADMIN declares a distribution of a period's income.
  distributions: { path: '/admin/distributions', href: () => '/admin/distributions' },
  // Properties and plantations behind KC (issue 15, part assets): public list and detail, ADMIN's screen.
  assets: { path: '/home/assets', href: () => '/home/assets' },
  asset: { path: '/home/assets/:id', href: (id: string) => `/home/assets/${encodeURIComponent(id)}` },
  adminAssets: { path: '/admin/assets', href: (query?: string) => `/admin/assets${query ? `?${query}` : ''}` },
  // Bank statement imports (issue 15, helper imports).
  bankStatements: { path: '/admin/bank-statements', href: (query?: string) => `/admin/bank-statements${query ? `?${query}` : ''}` },
  // Seller payouts (issue 18, helper payout): what the platform owes sellers after market trades.
  marketPayouts: { path: '/admin/market-payouts', href: (query?: string) => `/admin/market-payouts${query ? `?${query}` : ''}` },
  // Jobs board screens (issue 17, helper jobs-web): public home, list, detail, confirmation, withdrawal; recruiter screens.
  jobs: { path: '/jobs', href: () => '/jobs' },
  jobList: { path: '/jobs/offers', href: (query?: string) => `/jobs/offers${query ? `?${query}` : ''}` },
  jobDetail: { path: '/jobs/offers/:id', href: (id: string) => `/jobs/offers/${encodeURIComponent(id)}` },
  jobApplied: { path: '/jobs/offers/:id/applied', href: (id: string) => `/jobs/offers/${encodeURIComponent(id)}/applied` },
  jobsWithdraw: { path: '/jobs/withdraw', href: () => '/jobs/withdraw' },
  jobsConfirmChanges: { path: '/jobs/confirm-changes', href: () => '/jobs/confirm-changes' },
  adminJobs: { path: '/admin/jobs', href: (query?: string) => `/admin/jobs${query ? `?${query}` : ''}` },
  adminJob: { path: '/admin/jobs/:id', href: (id: string) => `/admin/jobs/${encodeURIComponent(id)}` },
  notifications: { path: '/notifications', href: (query?: string) => `/notifications${query ? `?${query}` : ''}` },
  // Investor protection (issue 16, helper kis): a plan's key information sheet (public) and the
  // appropriateness test the hiring screen leads to (back to the hire after it).
  keyInfoSheet: { path: '/home/calculadoras/:id/ficha', href: (id: (typeof PLAN_IDS)[number]) => `/home/calculadoras/${id}/ficha` },
  appropriateness: { path: '/inversor/test-conveniencia', href: () => '/inversor/test-conveniencia' },
  // Personal data (issue 16, helper erasure): the page the erasure mail's link opens (token in the fragment).
  erasureConfirm: { path: '/privacy/erasure/confirm', href: () => '/privacy/erasure/confirm' },
  // E-mail change (issue 18, decision 0037): the page the confirmation mail's link opens (token in the fragment).
  emailChangeConfirm: { path: '/account/email/confirm', href: () => '/account/email/confirm' },
} as const;

export type TPathName = keyof typeof paths;

function toRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const patterns = Object.values(paths).map((p) => toRegExp(p.path));

/** True when a path (relative to /web, e.g. '/home/cookies') is a route of the app. */
export function isKnownWebPath(pathname: string): boolean {
  const clean = pathname === '' ? '/' : pathname;
  if (clean.startsWith('/home/calculadoras/')) {
    // Investor protection (issue 16): the plan's key information sheet, /home/calculadoras/{id}/ficha.
    const id = clean.slice('/home/calculadoras/'.length).replace(/\/$/, '').replace(/\/ficha$/, '');
    return (PLAN_IDS as readonly string[]).includes(id);
  }
  return patterns.some((re) => re.test(clean));
}
