import type { TFieldError } from '@kc/domain';

/**
 * The one error type of the API (conventions, 10). `code` is stable and names a message in
 * `lib/messages.ts`; the error handler turns it into a problem-details answer in the request's
 * language. `params` fill the message's placeholders.
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly params: Record<string, string | number> = {},
    public readonly fieldErrors: TFieldError[] = [],
    /** Members added to the problem (RFC 9457 extensions), e.g. stepUpRequired's `action`. */
    public readonly extensions: { action?: string } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = (code = 'notFound') => new AppError(404, code);
export const badRequest = (code: string, params?: Record<string, string | number>) => new AppError(400, code, params);
export const forbidden = (code = 'forbidden') => new AppError(403, code);
export const unauthorized = (code = 'unauthorized') => new AppError(401, code);
export const conflict = (code: string) => new AppError(409, code);
export const validationFailed = (fieldErrors: TFieldError[]) => new AppError(400, 'validation', {}, fieldErrors);
