import type { TCalculatorField, TFieldBounds } from '@kc/domain';

type TNumberFieldProps = {
  field: TCalculatorField;
  label: string;
  hint: string;
  text: string;
  value: number | undefined;
  bounds: TFieldBounds;
  sliderLabel: string;
  /** Translated error, shown in red (the caller passes it only once the field is touched). */
  error?: string | undefined;
  /** Translated warning, shown in yellow (same rule). */
  warning?: string | undefined;
  readOnly?: boolean;
  /** Writes a slider position back as text (decimal comma in Spanish). */
  formatValue: (value: number) => string;
  onTextChange: (field: TCalculatorField, text: string) => void;
  onTouch: (field: TCalculatorField) => void;
};

/**
 * A calculator input: a text box named as the specification's field (decimal comma or point,
 * parsed by the caller; empty means no value) with a range slider over the field's bounds. The
 * label is visible; the hint, the error and the warning are tied to the box by
 * aria-describedby, and an error sets aria-invalid. The slider has its own name and counts as
 * touched when the user lets it go (or leaves it).
 */
export function NumberField(props: TNumberFieldProps) {
  const { field, bounds, value, error, warning, readOnly } = props;
  const id = `calc-${field}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const describedBy = [props.hint && hintId, error && errorId, warning && warningId].filter(Boolean).join(' ');
  const sliderValue =
    value === undefined || !Number.isFinite(value) ? bounds.min : Math.min(bounds.max, Math.max(bounds.min, value));
  const touch = () => props.onTouch(field);
  return (
    <div className="kc-calc-field">
      <label htmlFor={id} className="kc-calc-label">
        {props.label}
      </label>
      {props.hint && (
        <p id={hintId} className="kc-calc-hint">
          {props.hint}
        </p>
      )}
      <input
        id={id}
        name={field}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="kc-calc-input"
        value={props.text}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-warning={warning && !error ? 'true' : undefined}
        onChange={(event) => props.onTextChange(field, event.currentTarget.value)}
        onBlur={touch}
      />
      {error && (
        <p id={errorId} className="kc-calc-error">
          {error}
        </p>
      )}
      {warning && (
        <p id={warningId} className="kc-calc-warning">
          {warning}
        </p>
      )}
      {!readOnly && (
        <input
          type="range"
          className="kc-calc-range kc-no-print"
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={sliderValue}
          aria-label={props.sliderLabel}
          onChange={(event) => props.onTextChange(field, props.formatValue(Number(event.currentTarget.value)))}
          onPointerUp={touch}
          onKeyUp={touch}
          onBlur={touch}
        />
      )}
    </div>
  );
}
