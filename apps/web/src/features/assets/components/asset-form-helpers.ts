import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TAssetInput } from '@kc/domain';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';

/** Mantine's dimmed description text is below AA contrast: a darker grey, as the prices page does. */
export const DESCRIPTION_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } };

export type TAssetForm = UseFormReturn<TAssetInput>;

/** A field's translated error (Mantine sets aria-invalid and aria-describedby from it). */
export function useFieldError(form: TAssetForm) {
  const { t } = useTranslation('assetsScreens');
  return (name: FieldPath<TAssetInput>) => translateFieldMessage(t, form.getFieldState(name, form.formState).error?.message);
}
