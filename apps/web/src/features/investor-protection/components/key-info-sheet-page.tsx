import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_LANGUAGE, KEY_INFO_UI, PLAN_IDS, keyInfoSheetPdfUrl, keyInformationSheet, paths, type TPlanId, type TSheetLanguage } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';

const subscribeNever = () => () => {};
const isPlanId = (id: string | undefined): id is TPlanId => (PLAN_IDS as readonly string[]).includes(id ?? '');
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/**
 * /home/calculadoras/{id}/ficha: the plan's key information sheet (issue 16), prerendered in
 * Spanish and then shown in the chosen language; the same content as the server's PDF.
 */
export function KeyInfoSheetPage({ planId }: { planId: string | undefined }) {
  const hydrated = useSyncExternalStore(subscribeNever, () => true, () => false);
  const { i18n } = useTranslation();
  const language: TSheetLanguage = hydrated && i18n.language === 'en' ? 'en' : (DEFAULT_LANGUAGE as TSheetLanguage);
  const ui = KEY_INFO_UI[language];
  if (!isPlanId(planId)) {
    return (
      <div className="kc-container kc-page">
        <h1 className="kc-h1">404</h1>
        <Link to={paths.calculators.href()} className="kc-link">
          {ui.back}
        </Link>
      </div>
    );
  }
  const sheet = keyInformationSheet(planId, language);
  return (
    <div className="kc-container kc-page">
      <PageMeta title={`${sheet.title}: ${sheet.planName} | KC`} description={fill(ui.metaDescription, { plan: sheet.planName })} />
      <Link to={paths.calculator.href(planId)} className="kc-link kc-text-sm kc-no-print">
        {ui.back}
      </Link>
      <article aria-labelledby="kis-title">
        <h1 className="kc-h1" id="kis-title">
          {sheet.title}: {sheet.planName}
        </h1>
        <p className="kc-text kc-text-sm kc-dimmed" data-testid="kis-version">
          {fill(ui.version, { version: sheet.version, date: sheet.date })}
        </p>
        <p className="kc-text">{sheet.summary}</p>
        {sheet.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="kc-h3">{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p className="kc-text" key={p}>
                {p}
              </p>
            ))}
          </section>
        ))}
        <p className="kc-text">
          <a className="kc-link" href={keyInfoSheetPdfUrl(planId, language)} target="_blank" rel="noopener" data-testid="kis-pdf">
            {ui.pdf}
          </a>
        </p>
      </article>
    </div>
  );
}
