import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatMoney,
  KEY_INFO_UI,
  paths,
  PLANS,
  statusImage,
  TREES_PER_FAMILY_MEMBER,
  type TCalculatorInputs,
  type TCalculatorResult,
  type TPlanId,
} from '@kc/domain';
import { Button } from '../../../components/light/button.tsx';
import { ComparisonChart, GrowthChart } from './charts.tsx';
import { StatusImage } from './illustrations.tsx';
import { RiskNote } from './risk-note.tsx';

function Figure({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <div className="kc-card kc-calc-card-figure" data-testid={`result-${id}`}>
      <p className="kc-text kc-text-sm kc-dimmed">{label}</p>
      <p className="kc-text kc-calc-big kc-calc-figure-value">{value}</p>
      {hint && <p className="kc-text kc-text-xs kc-dimmed kc-calc-figure-hint">{hint}</p>}
    </div>
  );
}

type TResultsProps = {
  planId: TPlanId;
  inputs: TCalculatorInputs;
  result: TCalculatorResult;
  isStale: boolean;
  shareUrl: () => string;
  onHire: () => void;
};

/** Everything a calculation shows, with Contratar, the copy-link button and Print. */
export const Results = forwardRef<HTMLHeadingElement, TResultsProps>(function Results(
  { planId, inputs, result, isStale, shareUrl, onHire },
  headingRef,
) {
  const { t, i18n } = useTranslation('calculators');
  const plan = PLANS[planId];
  const imageKey = statusImage(result, planId);
  const title = t(`plans.${planId}.title`);
  const [copy, setCopy] = useState<{ status: 'idle' | 'copied' } | { status: 'fallback'; url: string }>({
    status: 'idle',
  });

  async function copyLink() {
    const url = shareUrl();
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setCopy({ status: 'copied' });
    } catch {
      setCopy({ status: 'fallback', url });
    }
  }

  return (
    <section aria-labelledby="calc-results-heading" className="kc-calc-results">
      <h2 id="calc-results-heading" className="kc-h2" ref={headingRef} tabIndex={-1}>
        {t('results.heading')}
      </h2>
      {isStale && (
        <p className="kc-text kc-calc-stale" role="status">
          {t('page.staleResults')}
        </p>
      )}
      <div className="kc-group kc-calc-status">
        <StatusImage
          imageKey={imageKey}
          label={imageKey.startsWith('plan-') ? t('images.plan', { title }) : t(`images.${imageKey}`)}
        />
        <div>
          <p className="kc-text kc-text-sm kc-dimmed">{t('results.statusHeading')}</p>
          <p className="kc-text kc-calc-big" data-testid="result-resultadoKc">
            {formatMoney(result.resultadoKc)}
          </p>
          <p className="kc-text kc-text-sm">{t('results.resultadoKc')}</p>
        </div>
      </div>
      <div className="kc-grid kc-calc-grid" data-cols-sm="3">
        <Figure id="totalAportado" label={t('results.totalAportado')} value={formatMoney(result.totalAportado)} />
        <Figure id="beneficioBrutoKc" label={t('results.beneficioBrutoKc')} value={formatMoney(result.beneficioBrutoKc)} />
        <Figure id="disponibleAlFinal" label={t('results.resultadoKc')} value={formatMoney(result.resultadoKc)} />
      </div>
      {plan.showsMonthlyIncome && (
        <>
          <h3 className="kc-h4 kc-calc-subheading">
            {t('results.monthlyHeading', { from: inputs.edadJubilacion, to: result.esperanzaDeVida })}
          </h3>
          <div className="kc-grid kc-calc-grid" data-cols-sm="3">
            <Figure
              id="rentaMensualKc"
              label={t('results.rentaMensualKc')}
              value={formatMoney(result.rentaMensualKc)}
              hint={t('results.rentaMensualKcHint')}
            />
            <Figure
              id="complementoMensualKc"
              label={t('results.complementoMensualKc')}
              value={formatMoney(result.complementoMensualKc)}
              hint={t('results.complementoMensualKcHint')}
            />
            <Figure
              id="rendimientoCuponCero"
              label={t('results.rendimientoCuponCero')}
              value={formatMoney(result.rendimientoCuponCero)}
              hint={t('results.rendimientoCuponCeroHint')}
            />
          </div>
        </>
      )}
      {result.sustainability && (
        <div className="kc-grid kc-calc-grid" data-cols-sm="2">
          <Figure
            id="treesFunded"
            label={t('results.treesFunded')}
            value={String(result.sustainability.treesFunded)}
            hint={t('results.sustainabilityNote', { perMember: TREES_PER_FAMILY_MEMBER })}
          />
          <Figure
            id="familyMembersCo2Neutral"
            label={t('results.familyMembers')}
            value={String(result.sustainability.familyMembersCo2Neutral)}
          />
        </div>
      )}
      <div className="kc-grid kc-calc-charts">
        <div className="kc-stack">
          <h3 className="kc-h4">{t('results.comparisonTitle')}</h3>
          <ComparisonChart chart={result.chart} years={inputs.numAnyos} />
        </div>
        <div className="kc-stack">
          <h3 className="kc-h4">{t('results.growthTitle')}</h3>
          <GrowthChart growth={result.growth} />
        </div>
      </div>
      <RiskNote />
      {/* Investor protection (issue 16): the plan's key information sheet, before hiring. */}
      <p className="kc-text kc-text-sm kc-no-print">
        <Link to={paths.keyInfoSheet.href(planId)} className="kc-link">
          {KEY_INFO_UI[i18n.language === 'en' ? 'en' : 'es'].link}
        </Link>
      </p>
      <div className="kc-group kc-calc-actions kc-no-print">
        <Button onClick={onHire} disabled={isStale}>
          {t('results.hire')}
        </Button>
        <Button variant="outline" onClick={() => void copyLink()}>
          {t('results.copyLink')}
        </Button>
        <Button variant="subtle" onClick={() => window.print()}>
          {t('results.print')}
        </Button>
      </div>
      <div className="kc-no-print kc-calc-copy" aria-live="polite">
        {copy.status === 'copied' && <p className="kc-text kc-text-sm">{t('results.linkCopied')}</p>}
        {copy.status === 'fallback' && (
          <div className="kc-calc-field">
            <label htmlFor="calc-copy-url" className="kc-calc-label">
              {t('results.copyFallback')}
            </label>
            <input
              id="calc-copy-url"
              type="text"
              className="kc-calc-input"
              value={copy.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              autoFocus
            />
          </div>
        )}
      </div>
    </section>
  );
});
