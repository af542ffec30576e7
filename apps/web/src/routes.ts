import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { paths } from '@kc/domain';

// Every route of the specification's table (section 2), under the /web basename.
const r = (p: { path: string }) => p.path.replace(/^\//, '');

// The light pages (plain HTML and the light kit, docs/decisions/0007) sit directly under the
// root; every other screen sits inside the Mantine shell (Mantine and the data cache).
export default [
  index('routes/landing.tsx', { id: 'landing-root' }),
  route(r(paths.home), 'routes/landing.tsx', { id: 'landing-home' }),
  route(r(paths.faq), 'routes/faq.tsx'),
  route(r(paths.calculators), 'routes/calculators.tsx'),
  route(r(paths.calculator), 'routes/calculator.tsx'),
  // Investor protection (issue 16, helper kis): the key information sheet, a light page.
  route(r(paths.keyInfoSheet), 'routes/key-info-sheet.tsx'),
  // Jobs board (issue 17): the home and the list are budgeted light pages (docs/decisions/0025).
  route(r(paths.jobs), 'routes/jobs.tsx'),
  route(r(paths.jobList), 'routes/job-list.tsx'),
  layout('app/mantine-shell.tsx', [
    route(r(paths.privacyPolicy), 'routes/privacy-policy.tsx'),
    route(r(paths.terms), 'routes/terms.tsx'),
    route(r(paths.dataPrivacy), 'routes/data-privacy.tsx'),
    route(r(paths.cookies), 'routes/cookies.tsx'),
    route(r(paths.contactUs), 'routes/contact-us.tsx'),
    route(r(paths.contactLivestock), 'routes/contact-livestock.tsx'),
    route(r(paths.contactFarm), 'routes/contact-farm.tsx'),
    route(r(paths.coin), 'routes/coin.tsx'),
    route(r(paths.careers), 'routes/careers.tsx'),
    route(r(paths.salesFaq), 'routes/sales-faq.tsx'),
    route(r(paths.login), 'routes/login.tsx'),
    route(r(paths.signUp), 'routes/sign-up.tsx', { id: 'sign-up-investor' }),
    route(r(paths.signUpAgent), 'routes/sign-up.tsx', { id: 'sign-up-agent' }),
    route(r(paths.signUpSupplier), 'routes/sign-up.tsx', { id: 'sign-up-supplier' }),
    route(r(paths.signUpOwner), 'routes/sign-up.tsx', { id: 'sign-up-owner' }),
    route(r(paths.confirmSignUp), 'routes/confirm-sign-up.tsx'),
    route(r(paths.dashboard), 'routes/dashboard.tsx', { id: 'dashboard' }),
    route(r(paths.investorDashboard), 'routes/dashboard.tsx', { id: 'investor-dashboard' }),
    route(r(paths.hire), 'routes/hire.tsx'),
    route(r(paths.contracts), 'routes/contracts.tsx'),
    route(r(paths.market), 'routes/market.tsx', { id: 'market' }),
    route(r(paths.authorization), 'routes/market.tsx', { id: 'authorization' }),
    // The KC market (issue 18): buying an offer, selling units, one's own offers and trades.
    route(r(paths.marketBuy), 'routes/market-buy.tsx'),
    route(r(paths.marketSell), 'routes/market-sell.tsx'),
    route(r(paths.marketMine), 'routes/market-mine.tsx'),
    route(r(paths.account), 'routes/account.tsx'),
    // Strong authentication (issue 18): second factors.
    route(r(paths.accountSecurity), 'routes/account-security.tsx'),
    route(r(paths.advisorDashboard), 'routes/advisor-dashboard.tsx'),
    route(r(paths.advisorClient), 'routes/advisor-client.tsx'),
    route(r(paths.userList), 'routes/user-list.tsx'),
    route(r(paths.notifications), 'routes/notifications.tsx'),
    route(r(paths.setPassword), 'routes/set-password.tsx'),
    route(r(paths.resetPassword), 'routes/reset-password.tsx'),
    route(r(paths.forgotPassword), 'routes/forgot-password.tsx'),
    route(r(paths.userDetail), 'routes/user-detail.tsx'),
    route(r(paths.audit), 'routes/audit.tsx'),
    route(r(paths.salesTree), 'routes/sales-tree.tsx'),
    route(r(paths.salesGroups), 'routes/sales-groups.tsx'),
    route(r(paths.salesGroup), 'routes/sales-group.tsx'),
    route(r(paths.salesTeams), 'routes/sales-teams.tsx'),
    route(r(paths.salesTeam), 'routes/sales-team.tsx'),
    route(r(paths.salesZones), 'routes/sales-zones.tsx'),
    route(r(paths.salesZone), 'routes/sales-zone.tsx'),
    route(r(paths.agentWorkspace), 'routes/agent.tsx'),
    route(r(paths.salesPending), 'routes/sales-pending.tsx'),
    route(r(paths.prices), 'routes/prices.tsx'),
    // Documents and exports (issue 15, part "documents").
    route(r(paths.documents), 'routes/documents.tsx'),
    // Income (issue 15, part income).
    route(r(paths.distributions), 'routes/distributions.tsx'),
    // Properties and plantations (issue 15, part assets).
    route(r(paths.assets), 'routes/assets.tsx'),
    route(r(paths.asset), 'routes/asset-detail.tsx'),
    route(r(paths.adminAssets), 'routes/admin-assets.tsx'),
    // Bank statement imports (issue 15, helper imports).
    route(r(paths.bankStatements), 'routes/bank-statements.tsx'),
    // Seller payouts (issue 18, helper payout).
    route(r(paths.marketPayouts), 'routes/market-payouts.tsx'),
    // Investor protection (issue 16, helper kis): the appropriateness test before a hire.
    route(r(paths.appropriateness), 'routes/appropriateness.tsx'),
    // Jobs board screens (issue 17): the detail, its forms and the recruiter's, with Mantine.
    route(r(paths.jobDetail), 'routes/job-detail.tsx'),
    route(r(paths.jobApplied), 'routes/job-applied.tsx'),
    route(r(paths.jobsWithdraw), 'routes/jobs-withdraw.tsx'),
    // A repeat application's confirmation link (decision 0023; token in the fragment).
    route(r(paths.jobsConfirmChanges), 'routes/jobs-confirm-changes.tsx'),
    route(r(paths.adminJobs), 'routes/admin-jobs.tsx'),
    route(r(paths.adminJob), 'routes/admin-job.tsx'),
    // Personal data (issue 16, helper erasure): the erasure mail's link (not prerendered: the token is in the fragment).
    route(r(paths.erasureConfirm), 'routes/erasure-confirm.tsx'),
    // E-mail change (issue 18, decision 0037): the confirmation mail's link (not prerendered: the token is in the fragment).
    route(r(paths.emailChangeConfirm), 'routes/email-change-confirm.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
