import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n, loadAllEnglish } from '../../../lib/i18n.ts';
import '../i18n.ts';
import { strongAuthErrorMessage } from './error-message.ts';

const t = i18n.getFixedT('es');
const GENERIC = 'No hemos podido completar la operación. Vuelva a intentarlo.';
const problem = (status: number, extra: Record<string, unknown> = {}) => ({ type: 'about:blank', title: 'x', status, ...extra });

describe('strongAuthErrorMessage', () => {
  it('words the codes the screens know, and a 429, in the page language', () => {
    expect(strongAuthErrorMessage(t, new ApiError('x', 400, problem(400, { code: 'invalidCode', detail: 'Invalid code.' }), false))).toBe(
      'El código no es correcto. Revíselo y vuelva a intentarlo.',
    );
    expect(strongAuthErrorMessage(t, new ApiError('x', 429, null, false))).toBe('Demasiados intentos. Espere unos minutos y vuelva a intentarlo.');
  });

  it("shows the server's own sentence for an answer below 500 with a problem body", () => {
    const cancelled = new ApiError('x', 403, problem(403, { code: 'stepUpCancelled', detail: 'No se ha realizado la operación.' }), false);
    expect(strongAuthErrorMessage(t, cancelled)).toBe('No se ha realizado la operación.');
    expect(strongAuthErrorMessage(t, new ApiError('x', 404, problem(404, { detail: 'Esa llave de acceso ya no existe.' }), false))).toBe(
      'Esa llave de acceso ya no existe.',
    );
    expect(strongAuthErrorMessage(t, new ApiError('x', 400, { error: 'invalid_grant', error_description: 'Sesión caducada.' }, false))).toBe('Sesión caducada.');
  });

  it('never shows the English transport text: a network failure, a 5xx, or an answer without a problem body get the generic sentence', () => {
    const cases = [
      new ApiError('Failed to fetch', undefined, undefined, true),
      new ApiError('Request failed with status 500', 500, null, false),
      new ApiError('Request failed with status 502', 502, problem(502, { detail: 'Internal failure in upstream.' }), false),
      new ApiError('Request failed with status 404', 404, null, false),
      new ApiError('Request failed with status 400', 400, 'Bad Request', false),
      new ApiError('Request failed with status 409', 409, problem(409), false),
      new Error('boom'),
    ];
    for (const error of cases) expect(strongAuthErrorMessage(t, error), String(error)).toBe(GENERIC);
  });

  it('in English, the generic sentence is English', async () => {
    await loadAllEnglish();
    expect(strongAuthErrorMessage(i18n.getFixedT('en'), new ApiError('Failed to fetch', undefined, undefined, true))).toBe(
      'We could not complete the operation. Try again.',
    );
  });
});
