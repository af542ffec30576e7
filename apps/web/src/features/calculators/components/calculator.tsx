import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  calculate,
  getCalculatorBounds,
  paths,
  PLANS,
  SLIDER_DEFAULTS,
  translateMessage,
  WEB_BASE,
  type TCalculatorDraft,
  type TCalculatorField,
  type TCalculatorInputs,
  type TPlanId,
} from '@kc/domain';
import { Button } from '../../../components/light/button.tsx';
import { saveHireDraft } from '../../../lib/hire-draft.ts';
import {
  addYears,
  changeField,
  fieldWarnings,
  formatFieldNumber,
  initialFormState,
  toSearchParams,
  validateForm,
  type TFormState,
} from '../lib/form-state.ts';
import '../i18n.ts';
import { NumberField } from './number-field.tsx';
import { Results } from './results.tsx';

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** How long the results wait for the user to stop typing before they recompute. */
export const RECOMPUTE_DELAY_MS = 250;

/** A numeric field the bounds table does not cover gets the specification's default slider. */
const FALLBACK_BOUNDS = { ...SLIDER_DEFAULTS, decimals: 0 };

export type TCalculatorInitial = {
  values: TCalculatorDraft;
  /** Fields of the link's query that were not valid and got their defaults. */
  invalid: TCalculatorField[];
  /** Calculate at once (a shared link): the results show without pressing Calcular. */
  autoCalculate: boolean;
};

type TCalculatorProps = { planId: TPlanId; baseYear: number; initial: TCalculatorInitial; language: string };

function sameInputs(a: TCalculatorInputs | null, b: TCalculatorInputs | null): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * The calculator of one plan: the shown fields (linked through the engine as the user types),
 * 'Calcular', and the results, which after the first calculation follow the fields (debounced)
 * while they are valid. The calculated inputs are written to the URL query (replace), so the
 * address is always a link to what is on screen.
 */
export function Calculator({ planId, baseYear, initial, language }: TCalculatorProps) {
  const { t } = useTranslation('calculators', { lng: language });
  const plan = PLANS[planId];
  const bounds = useMemo(() => getCalculatorBounds(baseYear), [baseYear]);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();

  const [form, setForm] = useState<TFormState>(() => initialFormState(initial.values, planId, language));
  const [touched, setTouched] = useState<ReadonlySet<TCalculatorField>>(() => new Set());
  const validation = useMemo(() => validateForm(form.values, planId, baseYear), [form.values, planId, baseYear]);
  const [calculated, setCalculated] = useState<TCalculatorInputs | null>(() => {
    if (!initial.autoCalculate) return null;
    const check = validateForm(initial.values, planId, baseYear);
    return check.ok ? check.inputs : null;
  });
  const [submitted, setSubmitted] = useState(calculated !== null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const errorSummary = useRef<HTMLDivElement>(null);
  const [focusResults, setFocusResults] = useState(false);
  // Marks the form as live (hydrated, handlers attached); the end-to-end tests wait for it.
  const [isReady, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  // After the first calculation the results follow the fields, once the user pauses.
  const debouncedValues = useDebounced(form.values, RECOMPUTE_DELAY_MS);
  useEffect(() => {
    // Only once the user has paused (the debounced values are the current ones): an older
    // valid draft must not replace what the form now says.
    if (!submitted || debouncedValues !== form.values) return;
    const check = validateForm(debouncedValues, planId, baseYear);
    if (check.ok) setCalculated((previous) => (sameInputs(previous, check.inputs) ? previous : check.inputs));
  }, [debouncedValues, form.values, submitted, planId, baseYear]);

  // The address carries what is calculated (shareable; replace, so Back leaves the page).
  useEffect(() => {
    if (!calculated) return;
    const next = toSearchParams(calculated, planId);
    if (next.toString() !== searchParams.toString()) {
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
  }, [calculated, planId, searchParams, setSearchParams]);

  useEffect(() => {
    if (focusResults && calculated) {
      resultsHeading.current?.focus();
      setFocusResults(false);
    }
  }, [focusResults, calculated]);

  const result = useMemo(() => (calculated ? calculate(calculated, planId) : null), [calculated, planId]);
  const errors = validation.ok ? {} : validation.errors;
  const warnings = useMemo(() => fieldWarnings(form.values, planId), [form.values, planId]);
  const isShown = (field: TCalculatorField) => submitted || touched.has(field);

  const fieldLabel = (field: TCalculatorField) =>
    field === 'anyoJubilacion' && !plan.showsAges ? t('fields.anyoJubilacion.labelTarget') : t(`fields.${field}.label`);
  const translate = (message: string) => translateMessage(language === 'en' ? 'en' : 'es', message);

  function onTextChange(field: TCalculatorField, text: string) {
    const { state, changed } = changeField(form, field, text, { planId, baseYear, language });
    setForm(state);
    // A partner the engine rewrote out of its bounds shows its error at once (e.g. the years
    // when the ages are 30 apart), so the user sees why the calculation is blocked.
    const check = validateForm(state.values, planId, baseYear);
    const broken = check.ok ? [] : changed.filter((other) => check.errors[other] !== undefined);
    if (broken.length > 0) setTouched((set) => new Set([...set, ...broken]));
  }

  function onTouch(field: TCalculatorField) {
    setTouched((set) => (set.has(field) ? set : new Set([...set, field])));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (validation.ok) {
      setCalculated(validation.inputs);
      setFocusResults(true);
    } else {
      errorSummary.current?.focus();
    }
  }

  function shareUrl(): string {
    const query = calculated ? toSearchParams(calculated, planId).toString() : '';
    return `${window.location.origin}${WEB_BASE}${paths.calculator.href(planId, query)}`;
  }

  function onHire() {
    if (!calculated) return;
    const now = new Date();
    saveHireDraft({
      calcId: planId,
      fechaInicio: now.toISOString(),
      fechaFin: addYears(now, calculated.numAnyos).toISOString(),
      values: { ...calculated },
    });
    void navigate(paths.hire.href());
  }

  const shownErrors = plan.visibleFields.filter((field) => errors[field] !== undefined && isShown(field));
  const number = (value: number | undefined) => formatFieldNumber(value, language);

  return (
    <>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="calc-form-heading"
        data-kc-base-year={baseYear}
        data-ready={isReady ? 'true' : undefined}
      >
        <h2 id="calc-form-heading" className="kc-h3">
          {t('page.formHeading')}
        </h2>
        {initial.invalid.length > 0 && (
          <p className="kc-calc-note kc-text" role="status">
            {t('page.invalidLink', { fields: initial.invalid.map(fieldLabel).join(', ') })}
          </p>
        )}
        <div className="kc-grid kc-calc-fields kc-calc-grid" data-cols-sm="2">
          {plan.visibleFields.map((field) => {
            const isReadOnly = plan.readOnlyFields.includes(field);
            const warning = warnings[field];
            const hint = isReadOnly
              ? t('page.fixedValue')
              : t(`fields.${field}.hint`, { min: bounds[field].min, max: bounds[field].max });
            return (
              <NumberField
                key={field}
                field={field}
                label={fieldLabel(field)}
                hint={hint}
                text={form.texts[field] ?? ''}
                value={form.values[field]}
                bounds={bounds[field] ?? FALLBACK_BOUNDS}
                sliderLabel={t('page.sliderLabel', { label: fieldLabel(field) })}
                error={isShown(field) && errors[field] ? translate(errors[field]) : undefined}
                warning={isShown(field) && warning ? t(warning.key, warning.params) : undefined}
                readOnly={isReadOnly}
                formatValue={number}
                onTextChange={onTextChange}
                onTouch={onTouch}
              />
            );
          })}
        </div>
        <p className="kc-text kc-text-sm kc-dimmed kc-calc-grid">
          {t('page.assumptions', {
            fund: number(form.values.fondoInversionInteres),
            kc: number(form.values.kcInteres),
            lifeExpectancy: form.values.esperanzaDeVida,
          })}
        </p>
        <div ref={errorSummary} tabIndex={-1} aria-live="polite" className="kc-calc-error-summary">
          {shownErrors.length > 0 && (
            <div className="kc-calc-errors">
              <p className="kc-text kc-strong">{t('page.errorsHeading')}</p>
              <ul>
                {shownErrors.map((field) => (
                  <li key={field}>{`${fieldLabel(field)}: ${translate(errors[field]!)}`}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <Button type="submit" className="kc-calc-submit kc-no-print">
          {t('page.calculate')}
        </Button>
      </form>
      {calculated && result && (
        <Results
          ref={resultsHeading}
          planId={planId}
          inputs={calculated}
          result={result}
          isStale={!validation.ok}
          shareUrl={shareUrl}
          onHire={onHire}
        />
      )}
    </>
  );
}
