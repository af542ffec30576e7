import { formatDate, formatMoney } from '@kc/domain';
import type { TNewMail } from '../mail/outbox-repository.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// Figures in the specification's de style in both languages, as formatMoney (exact from the decimal strings).
const priceFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 6 });
const unitFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 6, maximumFractionDigits: 6 });
const price = (text: string) => priceFormat.format(text as unknown as number);
const units = (text: string) => unitFormat.format(text as unknown as number);

export interface TReceipt {
  companyId: string;
  owner: { email: string; firstName: string; language: string };
  contractId: string;
  amount: string;
  valueDate: string;
  reference: string;
  price: string;
  priceDate: string;
  units: string;
}

/** The receipt of a recorded payment, in the investor's language: amount, value date, price and units. */
export function paymentReceiptMail(receipt: TReceipt, dashboardUrl: string): TNewMail {
  const l = receipt.owner.language === 'en' ? 'en' : 'es';
  const lines =
    l === 'es'
      ? [
          `Hola, ${receipt.owner.firstName}:`,
          `Hemos recibido su aportación de ${formatMoney(receipt.amount)} con fecha valor ${formatDate(receipt.valueDate)} (referencia ${receipt.reference}) para su contrato ${receipt.contractId}.`,
          `Con ella ha adquirido ${units(receipt.units)} participaciones de KC al valor liquidativo publicado del ${formatDate(receipt.priceDate)}, ${price(receipt.price)} por participación.`,
          `Puede consultar su contrato en su tablero: ${dashboardUrl}`,
        ]
      : [
          `Hello ${receipt.owner.firstName},`,
          `We have received your payment of ${formatMoney(receipt.amount)} with value date ${formatDate(receipt.valueDate)} (reference ${receipt.reference}) for your contract ${receipt.contractId}.`,
          `It bought ${units(receipt.units)} KC units at the net asset value published for ${formatDate(receipt.priceDate)}, ${price(receipt.price)} per unit.`,
          `You can see your contract on your dashboard: ${dashboardUrl}`,
        ];
  return {
    companyId: receipt.companyId,
    to: receipt.owner.email,
    subject: l === 'es' ? `KC: recibo de su aportación de ${formatMoney(receipt.amount)}` : `KC: receipt for your payment of ${formatMoney(receipt.amount)}`,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}
