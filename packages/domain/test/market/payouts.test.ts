import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEur, journalProblem, parseEur } from '../../src/ledger/index.ts';
import {
  ZRecordPayoutRequest,
  ZSellerPayablesQuery,
  makePayoutFormSchema,
  owedFromBalance,
  payoutAmountInput,
  payoutOwedText,
  payoutCoverage,
  payoutJournal,
  payoutProblem,
  tradeAmounts,
} from '../../src/market/index.ts';
import { parsePrice, parseUnits } from '../../src/ledger/index.ts';
import { translateMessage } from '../../src/i18n/catalogue.ts';

const cents = fc.bigInt({ min: 1n, max: 1_000_000_000n });
const TODAY = '2026-11-27';

describe('a payout journal', () => {
  it('debits MARKET_PAYABLE on the seller contract and credits BANK without a contract', () => {
    expect(payoutJournal({ amount: 25_000n, contractId: 'c1', userId: 'u1' })).toEqual([
      { account: 'MARKET_PAYABLE', currency: 'EUR', amount: 25_000n, contractId: 'c1', userId: 'u1' },
      { account: 'BANK', currency: 'EUR', amount: -25_000n, contractId: null, userId: null },
    ]);
  });

  it('is a valid, balanced journal for every positive amount', () => {
    fc.assert(fc.property(cents, (amount) => journalProblem(payoutJournal({ amount, contractId: 'c', userId: 'u' })) === null));
  });

  it('refuses zero or a negative amount', () => {
    expect(() => payoutJournal({ amount: 0n, contractId: 'c', userId: 'u' })).toThrow(RangeError);
    expect(() => payoutJournal({ amount: -1n, contractId: 'c', userId: 'u' })).toThrow(RangeError);
  });
});

describe('the payout rules', () => {
  it('allow up to exactly what is owed, never a cent more', () => {
    expect(payoutProblem({ amount: 100n, owed: 100n, valueDate: TODAY, today: TODAY })).toBeNull();
    expect(payoutProblem({ amount: 101n, owed: 100n, valueDate: TODAY, today: TODAY })).toBe('moreThanOwed');
    expect(payoutProblem({ amount: 1n, owed: 0n, valueDate: TODAY, today: TODAY })).toBe('moreThanOwed');
    expect(payoutProblem({ amount: 0n, owed: 100n, valueDate: TODAY, today: TODAY })).toBe('amountNotPositive');
    expect(payoutProblem({ amount: 50n, owed: 100n, valueDate: '2026-11-28', today: TODAY })).toBe('futureValueDate');
    expect(payoutProblem({ amount: 50n, owed: 100n, valueDate: '2026-01-01', today: TODAY })).toBeNull();
  });

  it('never let a sequence of payouts exceed what the trades owed (property)', () => {
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 8 }), fc.array(cents, { maxLength: 20 }), (nets, attempts) => {
        // The ledger's MARKET_PAYABLE balance: credited by each net, debited by each accepted payout.
        let balance = -nets.reduce((a, b) => a + b, 0n);
        let paid = 0n;
        for (const amount of attempts) {
          if (payoutProblem({ amount, owed: owedFromBalance(balance), valueDate: TODAY, today: TODAY }) === null) {
            const lines = payoutJournal({ amount, contractId: 'c', userId: 'u' });
            balance += lines.find((l) => l.account === 'MARKET_PAYABLE')!.amount;
            paid += amount;
          }
        }
        return balance <= 0n && paid <= nets.reduce((a, b) => a + b, 0n);
      }),
    );
  });

  it('read what is owed from the MARKET_PAYABLE balance (a credit)', () => {
    expect(owedFromBalance(-12_345n)).toBe(12_345n);
    expect(owedFromBalance(0n)).toBe(0n);
    expect(owedFromBalance(5n)).toBe(0n);
  });
});

describe('which sales the payouts have paid', () => {
  it('covers the nets oldest first', () => {
    const sales = [
      { id: 'a', net: 1_000n },
      { id: 'b', net: 2_000n },
      { id: 'c', net: 500n },
    ];
    expect(payoutCoverage(sales, 0n).map((c) => c.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);
    expect(payoutCoverage(sales, 1_500n)).toEqual([
      { id: 'a', paid: 1_000n, status: 'PAID' },
      { id: 'b', paid: 500n, status: 'PARTLY_PAID' },
      { id: 'c', paid: 0n, status: 'PENDING' },
    ]);
    expect(payoutCoverage(sales, 3_500n).map((c) => c.status)).toEqual(['PAID', 'PAID', 'PAID']);
  });

  it('never covers more than was paid nor more than each net (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { maxLength: 10 }), fc.bigInt({ min: 0n, max: 12_000_000n }), (nets, paid) => {
        const coverage = payoutCoverage(
          nets.map((net, i) => ({ id: String(i), net })),
          paid,
        );
        const total = coverage.reduce((a, c) => a + c.paid, 0n);
        const allNets = nets.reduce((a, b) => a + b, 0n);
        return total === (paid < allNets ? paid : allNets) && coverage.every((c, i) => c.paid >= 0n && c.paid <= nets[i]!);
      }),
    );
  });

  it('a trade net from the market rules is paid by a payout of exactly that net', () => {
    const { net } = tradeAmounts(parseUnits('10'), parsePrice('10.123457'));
    expect(payoutCoverage([{ id: 't', net }], net)[0]!.status).toBe('PAID');
    expect(payoutCoverage([{ id: 't', net }], net - 1n)[0]!.status).toBe('PARTLY_PAID');
  });
});

describe('the payout request', () => {
  const ok = { amount: '250.00', valueDate: TODAY, bankReference: 'TRF-2026-0001' };
  it('accepts exact cents and trims the reference', () => {
    const parsed = ZRecordPayoutRequest.parse({ ...ok, amount: '250.5', bankReference: '  TRF-1  ' });
    expect(parseEur(parsed.amount)).toBe(25_050n);
    expect(parsed.bankReference).toBe('TRF-1');
  });
  it.each([
    ['amount', { amount: '0' }, 'market.errors.payoutAmount'],
    ['amount', { amount: '-1.00' }, 'market.errors.payoutAmount'],
    ['amount', { amount: '10.001' }, 'market.errors.payoutAmount'],
    ['amount', { amount: 'diez' }, 'market.errors.payoutAmount'],
    ['amount', { amount: '10000000.01' }, 'market.errors.payoutAmount'],
    ['valueDate', { valueDate: '2026-02-30' }, 'market.errors.payoutValueDate'],
    ['bankReference', { bankReference: '   ' }, 'market.errors.payoutReference'],
    ['bankReference', { bankReference: 'x'.repeat(65) }, 'market.errors.payoutReference'],
    ['bankReference', { bankReference: 'a\nb' }, 'market.errors.payoutReference'],
  ])('refuses a bad %s (%j)', (field, change, message) => {
    const result = ZRecordPayoutRequest.safeParse({ ...ok, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual([field]);
    expect(result.error!.issues[0]!.message.startsWith(message)).toBe(true);
  });
  it('lists owed contracts by default, ten a page', () => {
    expect(ZSellerPayablesQuery.parse({})).toEqual({ filter: 'owed', page: 1, size: 10 });
    expect(ZSellerPayablesQuery.safeParse({ filter: 'nada' }).success).toBe(false);
    expect(ZSellerPayablesQuery.safeParse({ size: '51' }).success).toBe(false);
  });
});

describe('the payout form', () => {
  const schema = makePayoutFormSchema(25_000n, TODAY);
  it('takes a comma or a point, up to what is owed, dated today or before', () => {
    expect(schema.parse({ amount: '250,00', valueDate: TODAY, bankReference: 'TRF' }).amount).toBe('250.00');
    expect(schema.safeParse({ amount: '250.01', valueDate: TODAY, bankReference: 'TRF' }).error!.issues[0]!.message).toContain('market.errors.payoutMoreThanOwed');
    expect(schema.safeParse({ amount: '1', valueDate: '2026-11-28', bankReference: 'TRF' }).error!.issues[0]!.path).toEqual(['valueDate']);
    expect(schema.safeParse({ amount: '1,001', valueDate: TODAY, bankReference: 'TRF' }).error!.issues[0]!.path).toEqual(['amount']);
  });

  it('says what is owed de-style (1.234,56 €) in both languages when the amount is above it', () => {
    const big = makePayoutFormSchema(123_456n, TODAY);
    const message = big.safeParse({ amount: '1234,57', valueDate: TODAY, bankReference: 'TRF' }).error!.issues[0]!.message;
    expect(translateMessage('es', message)).toBe('El importe no puede superar lo pendiente de pago: 1.234,56\u00a0€');
    expect(translateMessage('en', message)).toBe('The amount cannot exceed what is owed: 1.234,56\u00a0€');
    expect(payoutOwedText(123_456_789n)).toBe('1.234.567,89\u00a0€');
  });

  it('starts the amount at what is owed, written as a person types it (decimal comma, no thousands), which the form accepts', () => {
    expect(payoutAmountInput(123_456n)).toBe('1234,56');
    expect(payoutAmountInput(5n)).toBe('0,05');
    fc.assert(
      fc.property(cents, (owed) => {
        expect(makePayoutFormSchema(owed, TODAY).parse({ amount: payoutAmountInput(owed), valueDate: TODAY, bankReference: 'TRF' }).amount).toBe(formatEur(owed));
      }),
    );
  });
});
