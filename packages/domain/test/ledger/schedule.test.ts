import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDaysInMonth } from '../../src/accounts/calendar-date.ts';
import { ZRecordPaymentRequest, ZPublishPriceRequest, addMonthsClamped, paymentSchedule, scheduleStatus } from '../../src/ledger/index.ts';

const base = { initialAmount: 500_000n, monthlyAmount: 20_000n, periodType: 'M1' };

describe('payment schedule (M1)', () => {
  it('puts the initial amount on the submission date, then the monthly amount on the same day until the end date', () => {
    const items = paymentSchedule({ ...base, submissionDate: '2025-01-15', expiringDate: '2025-05-15' });
    expect(items.map((i) => [i.number, i.kind, i.dueDate, i.amount])).toEqual([
      [0, 'INITIAL', '2025-01-15', 500_000n],
      [1, 'MONTHLY', '2025-02-15', 20_000n],
      [2, 'MONTHLY', '2025-03-15', 20_000n],
      [3, 'MONTHLY', '2025-04-15', 20_000n],
      [4, 'MONTHLY', '2025-05-15', 20_000n],
    ]);
  });

  it('pays on the last day of shorter months, counted from the first day (31 Jan → 29 Feb → 31 Mar)', () => {
    const items = paymentSchedule({ ...base, submissionDate: '2024-01-31', expiringDate: '2024-06-30' });
    expect(items.map((i) => i.dueDate)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30']);
    expect(addMonthsClamped('2023-01-29', 1)).toBe('2023-02-28');
    expect(addMonthsClamped('2023-11-30', 3)).toBe('2024-02-29');
    expect(addMonthsClamped('2023-12-31', 12)).toBe('2024-12-31');
  });

  it('leaves out zero items and other periods', () => {
    expect(paymentSchedule({ ...base, monthlyAmount: 0n, submissionDate: '2025-01-15', expiringDate: '2030-01-15' })).toHaveLength(1);
    expect(paymentSchedule({ ...base, initialAmount: 0n, submissionDate: '2025-01-15', expiringDate: '2025-03-15' }).map((i) => i.number)).toEqual([1, 2]);
    expect(paymentSchedule({ ...base, periodType: 'Y1', submissionDate: '2025-01-15', expiringDate: '2030-01-15' })).toHaveLength(1);
  });

  it('every item is in order, after the start and on or before the end, one per month', () => {
    const dates = fc.date({ min: new Date('2000-01-01'), max: new Date('2060-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 400 }), (start, months) => {
        const end = addMonthsClamped(start, months);
        const items = paymentSchedule({ ...base, submissionDate: start, expiringDate: end });
        expect(items).toHaveLength(months + 1);
        for (let i = 1; i < items.length; i += 1) {
          expect(items[i]!.dueDate > items[i - 1]!.dueDate).toBe(true);
          expect(items[i]!.dueDate <= end).toBe(true);
          const [y, m, d] = items[i]!.dueDate.split('-').map(Number) as [number, number, number];
          expect(d).toBe(Math.min(Number(start.slice(8)), getDaysInMonth(y, m)));
          expect((y * 12 + m) - (Number(start.slice(0, 4)) * 12 + Number(start.slice(5, 7)))).toBe(i);
        }
      }),
    );
  });

  it('covers items oldest first: paid, then overdue before today, due from today on', () => {
    const items = paymentSchedule({ ...base, submissionDate: '2025-01-15', expiringDate: '2025-05-15' });
    const { items: status, ahead } = scheduleStatus(items, 510_000n, '2025-03-15');
    expect(status.map((i) => [i.status, i.paid])).toEqual([
      ['PAID', 500_000n],
      ['OVERDUE', 10_000n],
      ['DUE', 0n],
      ['DUE', 0n],
      ['DUE', 0n],
    ]);
    expect(ahead).toBe(0n);
    expect(scheduleStatus(items, 700_000n, '2026-01-01').ahead).toBe(120_000n);
  });

  it('never allocates more or less than was paid', () => {
    const items = paymentSchedule({ ...base, submissionDate: '2025-01-15', expiringDate: '2027-05-15' });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2_000_000n }), (paid) => {
        const { items: status, ahead } = scheduleStatus(items, paid, '2026-01-01');
        expect(status.reduce((a, i) => a + i.paid, 0n) + ahead).toBe(paid);
      }),
    );
  });
});

describe('request schemas', () => {
  it('accepts a well-formed payment and price', () => {
    expect(ZRecordPaymentRequest.safeParse({ amount: '150.00', valueDate: '2025-02-15', method: 'TRANSFER', reference: 'TR-1' }).success).toBe(true);
    expect(ZPublishPriceRequest.safeParse({ valueDate: '2025-02-28', price: '10.2543', assetReport: 'Informe de activos 2025-02' }).success).toBe(true);
  });

  it.each([
    [{ amount: '0' }, 'amount', 'ledger.errors.amount'],
    [{ amount: '-5.00' }, 'amount', 'ledger.errors.amount'],
    [{ amount: '10.005' }, 'amount', 'ledger.errors.amount'],
    [{ amount: 150 }, 'amount', 'ledger.errors.amount'],
    [{ amount: '10000000.01' }, 'amount', 'ledger.errors.amountTooLarge|max=10000000.00'],
    [{ valueDate: '2025-02-30' }, 'valueDate', 'ledger.errors.date'],
    [{ method: 'BITCOIN' }, 'method', 'ledger.errors.method'],
    [{ reference: '  ' }, 'reference', 'ledger.errors.reference|max=64'],
  ])('refuses a bad payment %j with a clear message', (override, field, message) => {
    const result = ZRecordPaymentRequest.safeParse({ amount: '150.00', valueDate: '2025-02-15', method: 'TRANSFER', reference: 'TR-1', ...override });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([field, message]);
  });
});
