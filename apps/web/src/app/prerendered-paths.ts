import { PLAN_IDS, paths } from '@kc/domain';

/** Public pages written to HTML at build time (their text is in the page before any script runs). */
export const PRERENDERED_PATHS: string[] = [
  paths.root.path,
  paths.home.path,
  paths.privacyPolicy.path,
  paths.terms.path,
  paths.dataPrivacy.path,
  paths.cookies.path,
  paths.contactUs.path,
  paths.contactLivestock.path,
  paths.contactFarm.path,
  paths.coin.path,
  paths.faq.path,
  paths.careers.path,
  paths.salesFaq.path,
  paths.calculators.path,
  // Jobs board (issue 17): the home's search, company and contact sections; the list's form
  // (without filters: the page reads its query string once hydrated).
  paths.jobs.path,
  paths.jobList.path,
  ...PLAN_IDS.map((id) => paths.calculator.href(id)),
  // Investor protection (issue 16, helper kis): every plan's key information sheet.
  ...PLAN_IDS.map((id) => paths.keyInfoSheet.href(id)),
];
