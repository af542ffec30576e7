import { formatEur, formatPrice, formatUnits, type TScaled } from '@kc/domain';
import type { TNewMail } from '../mail/outbox-repository.ts';
import { formatDecimal, formatMoneyText } from '../documents/format.ts';

type TLang = 'es' | 'en';
const lang = (value: string): TLang => (value === 'en' ? 'en' : 'es');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(companyId: string, to: string, subject: string, lines: string[]): TNewMail {
  return { companyId, to, subject, text: `${lines.join('\n\n')}\n`, html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') };
}

export interface TMailPerson {
  email: string;
  firstName: string;
  language: string;
}

export interface TMailTrade {
  companyId: string;
  tradeId: string;
  productName: { es: string; en: string };
  units: TScaled;
  price: TScaled;
  gross: TScaled;
  fee: TScaled;
  net: TScaled;
}

const units = (value: TScaled, l: TLang) => formatDecimal(formatUnits(value), l);
const price = (value: TScaled, l: TLang) => formatMoneyText(formatPrice(value), l);
const eur = (value: TScaled, l: TLang) => formatMoneyText(formatEur(value), l);

/** The buyer's mail: what they bought, what they paid, where the confirmation is. */
export function buyerMail(trade: TMailTrade, buyer: TMailPerson, links: { documents: string; market: string }): TNewMail {
  const l = lang(buyer.language);
  const product = trade.productName[l];
  return l === 'es'
    ? compose(trade.companyId, buyer.email, `KC: ha comprado ${units(trade.units, l)} participaciones de ${product}`, [
        `Hola, ${buyer.firstName}:`,
        `Ha comprado en el tablón de KC ${units(trade.units, l)} participaciones de ${product} a ${price(trade.price, l)} cada una, por un total de ${eur(trade.gross, l)} (referencia de la operación ${trade.tradeId}).`,
        'Las participaciones ya figuran en un contrato nuevo a su nombre, activo desde hoy. El tablón de KC no es un mercado regulado: no garantiza que pueda volver a vender sus participaciones ni a qué precio.',
        `Tiene el justificante de la compra en sus documentos: ${links.documents}`,
        `Si usted no ha hecho esta compra, responda a este correo cuanto antes. El tablón: ${links.market}`,
      ])
    : compose(trade.companyId, buyer.email, `KC: you bought ${units(trade.units, l)} units of ${product}`, [
        `Hello ${buyer.firstName},`,
        `You bought ${units(trade.units, l)} units of ${product} on the KC bulletin board at ${price(trade.price, l)} each, ${eur(trade.gross, l)} in total (trade reference ${trade.tradeId}).`,
        'The units are now held in a new contract in your name, active from today. The KC bulletin board is not a regulated market: it does not guarantee that you can sell your units again, nor at what price.',
        `Your purchase confirmation is in your documents: ${links.documents}`,
        `If you did not make this purchase, please reply to this e-mail at once. The bulletin board: ${links.market}`,
      ]);
}

/** The seller's mail: what was sold, the fee, what they will receive. */
export function sellerMail(trade: TMailTrade, seller: TMailPerson, remaining: TScaled, links: { documents: string; market: string }): TNewMail {
  const l = lang(seller.language);
  const product = trade.productName[l];
  const rest =
    remaining > 0n
      ? l === 'es'
        ? `Su oferta sigue abierta con ${units(remaining, l)} participaciones.`
        : `Your offer stays open with ${units(remaining, l)} units.`
      : l === 'es'
        ? 'Su oferta se ha vendido por completo y queda cerrada.'
        : 'Your offer has sold out and is now closed.';
  return l === 'es'
    ? compose(trade.companyId, seller.email, `KC: ha vendido ${units(trade.units, l)} participaciones de ${product}`, [
        `Hola, ${seller.firstName}:`,
        `Otro inversor ha comprado ${units(trade.units, l)} participaciones de su oferta de ${product} a ${price(trade.price, l)} cada una (referencia de la operación ${trade.tradeId}).`,
        `Importe de la venta: ${eur(trade.gross, l)}. Comisión de KC (1 %): ${eur(trade.fee, l)}. Recibirá: ${eur(trade.net, l)}.`,
        rest,
        `Tiene el justificante de la venta en sus documentos: ${links.documents}`,
      ])
    : compose(trade.companyId, seller.email, `KC: you sold ${units(trade.units, l)} units of ${product}`, [
        `Hello ${seller.firstName},`,
        `Another investor bought ${units(trade.units, l)} units from your ${product} offer at ${price(trade.price, l)} each (trade reference ${trade.tradeId}).`,
        `Sale amount: ${eur(trade.gross, l)}. KC fee (1%): ${eur(trade.fee, l)}. You will receive: ${eur(trade.net, l)}.`,
        rest,
        `Your sale confirmation is in your documents: ${links.documents}`,
      ]);
}

/** The seller's mail when an offer closes without them: it expired, or its contract left ACTIVE. */
export function offerClosedMail(
  companyId: string,
  seller: TMailPerson,
  offer: { id: string; productName: { es: string; en: string }; remaining: TScaled; reason: 'expired' | 'contractClosed' },
  marketUrl: string,
): TNewMail {
  const l = lang(seller.language);
  const product = offer.productName[l];
  const remaining = units(offer.remaining, l);
  return l === 'es'
    ? compose(companyId, seller.email, `KC: su oferta de ${product} se ha cerrado`, [
        `Hola, ${seller.firstName}:`,
        offer.reason === 'expired'
          ? `Su oferta de ${remaining} participaciones de ${product} (referencia ${offer.id}) ha llegado al final de su validez sin venderse por completo y se ha cerrado.`
          : `Su oferta de ${remaining} participaciones de ${product} (referencia ${offer.id}) se ha retirado porque su contrato ha dejado de estar activo.`,
        `Las participaciones vuelven a estar disponibles en su contrato. Si quiere, puede publicar una oferta nueva en el tablón: ${marketUrl}`,
      ])
    : compose(companyId, seller.email, `KC: your ${product} offer has closed`, [
        `Hello ${seller.firstName},`,
        offer.reason === 'expired'
          ? `Your offer of ${remaining} units of ${product} (reference ${offer.id}) reached the end of its validity without selling out and has closed.`
          : `Your offer of ${remaining} units of ${product} (reference ${offer.id}) has been withdrawn because your contract is no longer active.`,
        `The units are available in your contract again. You can publish a new offer on the bulletin board whenever you like: ${marketUrl}`,
      ]);
}

/** The seller's mail when staff record a payout (decision 0036): what was sent, when, with which reference, and what is still owed. */
export function payoutMail(
  companyId: string,
  seller: TMailPerson,
  payout: { amount: TScaled; valueDate: string; bankReference: string; productName: { es: string; en: string }; stillOwed: TScaled },
  marketUrl: string,
): TNewMail {
  const l = lang(seller.language);
  const product = payout.productName[l];
  const [year, month, day] = payout.valueDate.split('-');
  const date = `${day}/${month}/${year}`;
  return l === 'es'
    ? compose(companyId, seller.email, `KC: le hemos transferido ${eur(payout.amount, l)} por sus ventas en el tablón`, [
        `Hola, ${seller.firstName}:`,
        `Le hemos transferido ${eur(payout.amount, l)} por las participaciones de ${product} que vendió en el tablón de KC, con fecha valor ${date} y referencia bancaria ${payout.bankReference}.`,
        payout.stillOwed > 0n
          ? `Queda pendiente de pago: ${eur(payout.stillOwed, l)}.`
          : 'Con esta transferencia le hemos pagado todo lo que le debíamos por esas ventas.',
        `Puede ver sus ventas y los pagos recibidos en «Mis operaciones»: ${marketUrl}`,
      ])
    : compose(companyId, seller.email, `KC: we have transferred ${eur(payout.amount, l)} for your bulletin board sales`, [
        `Hello ${seller.firstName},`,
        `We have transferred ${eur(payout.amount, l)} to you for the ${product} units you sold on the KC bulletin board, with value date ${date} and bank reference ${payout.bankReference}.`,
        payout.stillOwed > 0n ? `Still to be paid: ${eur(payout.stillOwed, l)}.` : 'This transfer pays everything we owed you for those sales.',
        `You can see your sales and the payments received under "My trades": ${marketUrl}`,
      ]);
}
