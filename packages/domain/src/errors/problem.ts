import { z } from 'zod';

/**
 * The error shape every API answer uses (RFC 9457 problem details), readable by the
 * specification's extraction rule: `type` is present, so clients show `detail`, and a
 * validation failure lists its fields.
 */
export const ZFieldError = z.object({ field: z.string(), message: z.string() });
export type TFieldError = z.infer<typeof ZFieldError>;

export const ZProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  errors: z.array(ZFieldError).optional(),
  requestId: z.string().optional(),
  /** stepUpRequired (issue 18): the action that needs a recent second factor (`hire`, `buy`…). */
  action: z.string().optional(),
});
export type TProblem = z.infer<typeof ZProblem>;

/** The answer of the OAuth token endpoint on failure (RFC 6749, section 5.2). */
export const ZOAuthError = z.object({ error: z.string(), error_description: z.string().optional() });
export type TOAuthError = z.infer<typeof ZOAuthError>;
