import type { FastifyInstance } from 'fastify';
import type { TContactRequest, TContactResponse, TLanguage } from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { hit } from '../../lib/rate-limit.ts';
import { recordFormConsents } from '../consents/service.ts';
import { contactMail } from './mail.ts';
import { findCompanyContactEmail, insertContactMessage } from './repository.ts';

/** At most this many messages per client address in each window. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 10 * 60 } as const;

export interface TContactContext {
  companyId: string;
  language: TLanguage;
  clientAddress: string;
}

/**
 * Receives a validated contact message: counts it against the sender's address, then stores it
 * and queues its mail to the company's contact address in one transaction (both or neither).
 */
export async function submitContactMessage(app: FastifyInstance, input: TContactRequest, context: TContactContext): Promise<TContactResponse> {
  const limit = await hit(app.db, `contact:${context.clientAddress}`, CONTACT_RATE_LIMIT.limit, CONTACT_RATE_LIMIT.windowSeconds);
  if (!limit.allowed) {
    throw new AppError(429, 'contactRateLimited', { minutes: Math.ceil(limit.retryAfterSeconds / 60), seconds: limit.retryAfterSeconds });
  }
  return app.db.transaction().execute(async (tx) => {
    const recipient = await findCompanyContactEmail(tx, context.companyId);
    if (!recipient) throw new AppError(400, 'companyUnknown', { companyId: context.companyId });
    const stored = await insertContactMessage(tx, {
      companyId: context.companyId,
      formKind: input.kind,
      language: context.language,
      name: input.name,
      surname: input.surname,
      email: input.email,
      phone: input.phone || null,
      message: input.message,
    });
    // Consent records (issue 16): the privacy acceptance of the form, with the message.
    await recordFormConsents(tx, { companyId: context.companyId, contactMessageId: stored.id }, [
      { purpose: 'privacyPolicy', choice: 'given', source: 'contactForm' },
    ]);
    // About the sender (`about`): their erasure blanks the company's copy (decision 0027).
    await app.mailer.enqueue(tx, { companyId: context.companyId, to: recipient, about: input.email, ...contactMail(input, context.language, stored.createdAt) });
    return { id: stored.id, receivedAt: stored.createdAt.toISOString() };
  });
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { contactPhonesOf, eraseContactMessages } from './repository.ts';
