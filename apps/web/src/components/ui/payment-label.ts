import { useTranslation } from 'react-i18next';
import type { TPaymentPreference } from '@kc/domain';
import { addNamespaces } from '../../lib/i18n.ts';
import paymentsEs from '../../locales/es/payments.json';

addNamespaces({ payments: { es: paymentsEs, en: () => import('../../locales/en/payments.json') } });

/**
 * How a payment preference reads wherever it is shown (the account page, the hiring select,
 * a contract's details): 'Tarjeta VISA •••• •••• •••• 4242, caduca 12/36'.
 */
export function usePaymentLabel(): (preference: TPaymentPreference) => string {
  const { t } = useTranslation('payments');
  return (p) => {
    if (p.kind === 'CARD') return t('card', { brand: (p.cardBrand ?? '').toUpperCase(), masked: p.creditCard ?? '', expiry: p.expirationDate ?? '' });
    if (p.kind === 'BANK_TRANSFER') return t('bank', { last4: p.ibanLastFour ?? '' });
    return t('wallet', { address: p.ethereumAddress ?? '' });
  };
}
