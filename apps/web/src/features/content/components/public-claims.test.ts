import {
  CURRENCIES,
  FIELD_BOUNDS,
  MARKET_FEE_BPS,
  MARKET_PRICE_BAND_BPS,
  MINIMUM_AGE,
  PAYMENT_METHODS,
  REFLECTION_DAYS,
} from '@kc/domain';
import { describe, expect, it } from 'vitest';
import enContent from '../../../locales/en/content.json';
import enLanding from '../../../locales/en/landing.json';
import esContent from '../../../locales/es/content.json';
import esLanding from '../../../locales/es/landing.json';

/**
 * What the public pages say about money must be true of the product. These tests hold the
 * landing's, the coin page's and the FAQ's sentences on getting money back, selling, paying and
 * currencies to the facts the product is built on (the domain's constants), so that a change of
 * either side without the other fails here.
 */

type TQuestion = { q: string; a: string };
type TSection = { heading: string; paragraphs: string[] };

const LANGUAGES = {
  es: { content: esContent, landing: esLanding },
  en: { content: enContent, landing: enLanding },
} as const;

/** Every string of a JSON tree. */
function sentences(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(sentences);
  if (node && typeof node === 'object') return Object.values(node).flatMap(sentences);
  return [];
}

const percent = (bps: bigint, lang: 'es' | 'en') => `${Number(bps) / 100}${lang === 'es' ? ' %' : '%'}`;
const euros = (amount: number, lang: 'es' | 'en') =>
  lang === 'es' ? `${new Intl.NumberFormat('es-ES', { useGrouping: 'always' }).format(amount)} €` : `€${new Intl.NumberFormat('en-GB').format(amount)}`;

/** Promises the product does not keep: there is no market where one can always sell, no buy-back, one currency. */
const FALSE_PROMISES: Record<'es' | 'en', RegExp[]> = {
  es: [
    /mercado activo/i,
    /retirar su dinero cuando/i,
    /sin penalizaci[óo]n por retirada/i,
    /vender sus KC cuando lo desee/i,
    /monedas fiduciarias/i,
    /comprobaciones de identidad exigidas/i,
    /inversi[óo]n m[íi]nima ni m[áa]xima/i,
  ],
  en: [
    /active market/i,
    /withdraw your money whenever/i,
    /early-withdrawal penalty/i,
    /sell your KC whenever/i,
    /fiat currencies/i,
    /identity checks required/i,
    /minimum or maximum investment per client/i,
  ],
};

/** Payment means nobody can use to pay KC: they may be named only to say they are not accepted. */
const UNSUPPORTED_MEANS = [/paypal/i, /sofort/i, /cripto|crypto/i];

describe.each(['es', 'en'] as const)('public money claims (%s)', (lang) => {
  const { content, landing } = LANGUAGES[lang];
  const faq = content.faq.items as TQuestion[];
  const answer = (pattern: RegExp) => {
    const found = faq.find((item) => pattern.test(item.q));
    expect(found, `an FAQ question matching ${pattern}`).toBeDefined();
    return found!.a;
  };
  const all = [...sentences(content.faq), ...sentences(content.coin), ...sentences(landing)];

  it('makes none of the promises the product cannot keep', () => {
    for (const pattern of FALSE_PROMISES[lang]) {
      expect(all.filter((s) => pattern.test(s)), String(pattern)).toEqual([]);
    }
  });

  it('says how money comes back early as the product does it: the reflection period, then the market board only', () => {
    const early = answer(lang === 'es' ? /recuperar mi dinero/i : /money back/i);
    expect(early).toContain(lang === 'es' ? `${REFLECTION_DAYS} días naturales` : `${REFLECTION_DAYS} calendar days`);
    expect(early).toMatch(lang === 'es' ? /no le reembolsa/ : /does not buy back/);
    expect(early).toMatch(lang === 'es' ? /solo se produce si alguien compra su oferta/ : /only happens if someone buys your offer/);
  });

  it("states the market's band and fee as the market's own rules", () => {
    const selling = answer(lang === 'es' ? /vender mis KC/i : /sell my KC/i);
    const band = percent(MARKET_PRICE_BAND_BPS, lang);
    expect(selling).toContain(lang === 'es' ? `un ${band} del último valor liquidativo publicado` : `${band} away from the last published unit price`);
    expect(selling).toContain(`${lang === 'es' ? 'comisión del' : 'fee of'} ${percent(MARKET_FEE_BPS, lang)}`);
    expect(selling).toMatch(lang === 'es' ? /no podemos asegurarle cuándo ni a qué precio/ : /cannot promise when, or at what price/);
  });

  it('names as payment means only those a payment can be recorded with, and says which are not accepted', () => {
    const paying = answer(lang === 'es' ? /formas de pago/i : /payment methods/i);
    expect(PAYMENT_METHODS).toEqual(expect.arrayContaining(['TRANSFER', 'CARD']));
    expect(paying).toMatch(lang === 'es' ? /transferencia bancaria/ : /bank transfer/);
    expect(paying).toMatch(lang === 'es' ? /tarjeta de crédito o de débito/ : /credit or debit card/);
    // No recorded payment can be a cryptocurrency, PayPal or Sofort one.
    expect(PAYMENT_METHODS.filter((m) => /PAYPAL|SOFORT|CRYPTO|ETH/.test(m))).toEqual([]);
    const negation = lang === 'es' ? /no aceptamos/i : /we do not accept/i;
    for (const sentence of all) {
      for (const means of UNSUPPORTED_MEANS) {
        if (means.test(sentence) && /pag|pay|acept|accept/i.test(sentence)) {
          expect(sentence, `${means} named as a way to pay`).toMatch(negation);
        }
      }
    }
  });

  it('says euros are the only currency, as the ledger keeps', () => {
    expect(CURRENCIES.filter((c) => c !== 'KCU')).toEqual(['EUR']);
    const currency = answer(lang === 'es' ? /En qué moneda/i : /Which currency/i);
    expect(currency).toMatch(lang === 'es' ? /^Solo en euros\./ : /^Euros only\./);
  });

  it("states the amount limits of the calculators' bounds and the minimum age", () => {
    const amounts = answer(lang === 'es' ? /inversión mínima/i : /minimum or maximum investment/i);
    expect(amounts).toContain(euros(FIELD_BOUNDS.capitalInicial.max, lang));
    expect(amounts).toContain(euros(FIELD_BOUNDS.aportacionMensual.max, lang));
    expect(answer(lang === 'es' ? /Quién puede invertir/i : /Who can invest/i)).toContain(String(MINIMUM_AGE));
  });

  it("keeps the landing's benefit and the coin page's liquidity section to the same facts", () => {
    const benefit = landing.benefits.items.liquid.text;
    expect(benefit).toMatch(lang === 'es' ? /no siempre podrá vender/ : /will not always be able to sell/);
    const sections = content.coin.sections as TSection[];
    const liquidity = sections.find((s) => s.heading === (lang === 'es' ? 'Liquidez' : 'Liquidity'));
    expect(liquidity?.paragraphs.join(' ')).toContain(percent(MARKET_PRICE_BAND_BPS, lang));
    expect(liquidity?.paragraphs.join(' ')).toMatch(lang === 'es' ? /no le reembolsa/ : /does not buy back/);
  });
});
