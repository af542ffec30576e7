import type { FastifyInstance } from 'fastify';

/**
 * Records a contract's first payment through the ledger's API, as the advisor does before
 * activating it (issue 15: a NEW contract is activated only once a payment is recorded, and the
 * activation names that payment's reference). The value date is today: the demo prices are in
 * the past, so a price applies. Returns the reference to activate with.
 */
export async function recordFirstPayment(
  app: FastifyInstance,
  staffHeaders: Record<string, string>,
  contractId: string,
  options: { reference?: string; amount?: string } = {},
): Promise<string> {
  const reference = options.reference ?? `TRF-${contractId}`;
  const res = await app.inject({
    method: 'POST',
    url: `/api/ledger/contracts/${contractId}/payments`,
    headers: staffHeaders,
    payload: { amount: options.amount ?? '100.00', valueDate: new Date().toISOString().slice(0, 10), method: 'TRANSFER', reference },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`recording the first payment failed: ${res.statusCode} ${res.body}`);
  return reference;
}
