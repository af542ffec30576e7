import { Box, Slider, TextInput } from '@mantine/core';
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
 * parsed by the caller; empty means no value) with a slider over the field's bounds. The
 * label is visible; the hint, the error and the warning are tied to the box by
 * aria-describedby (Mantine's wrapper; the warning uses its `success` slot, styled yellow),
 * and an error sets aria-invalid.
 */
export function NumberField(props: TNumberFieldProps) {
  const { field, bounds, value, error, warning, readOnly } = props;
  const id = `calc-${field}`;
  const sliderValue =
    value === undefined || !Number.isFinite(value) ? bounds.min : Math.min(bounds.max, Math.max(bounds.min, value));
  return (
    <Box>
      <TextInput
        id={id}
        name={field}
        label={props.label}
        description={props.hint || undefined}
        descriptionProps={{ c: 'gray.7' }}
        value={props.text}
        inputMode="decimal"
        autoComplete="off"
        readOnly={readOnly}
        error={error}
        errorProps={{ c: 'red.9' }}
        success={warning}
        successProps={{ className: 'kc-calc-warning' }}
        onChange={(event) => props.onTextChange(field, event.currentTarget.value)}
        onBlur={() => props.onTouch(field)}
        classNames={{ input: readOnly ? 'kc-calc-readonly' : warning && !error ? 'kc-calc-input-warning' : undefined }}
      />
      {!readOnly && (
        <Slider
          className="kc-no-print"
          mt="xs"
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={sliderValue}
          label={null}
          thumbLabel={props.sliderLabel}
          onChange={(next) => props.onTextChange(field, props.formatValue(next))}
          onChangeEnd={() => props.onTouch(field)}
        />
      )}
    </Box>
  );
}
