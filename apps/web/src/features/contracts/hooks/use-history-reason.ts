import { useTranslation } from 'react-i18next';
import { isHistoryReasonKey } from '@kc/domain';
import '../i18n.ts';

/**
 * A history event's reason in the reader's language: a revocation's is a message key (decision
 * 0026; the API reads the first version's fixed text as the key too), any other is the words an
 * advisor typed, shown as they are.
 */
export function useHistoryReason(): (reason: string) => string {
  const { t } = useTranslation('contracts');
  return (reason) => (isHistoryReasonKey(reason) ? t('history.revokedInReflection') : reason);
}
