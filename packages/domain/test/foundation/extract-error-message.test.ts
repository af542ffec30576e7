import { describe, expect, it } from 'vitest';
import { extractErrorMessage, extractLoginError, FORM_ERRORS_HEADLINE } from '../../src/index.ts';

describe('login alert priority (spec section 8)', () => {
  it('1. error_description wins over everything', () => {
    const body = { error_description: 'Credenciales incorrectas', type: 'x', detail: 'd', errors: [{ field: 'a', message: 'b' }] };
    expect(extractLoginError({ body, status: 400, message: 'm' }).message).toBe('Credenciales incorrectas');
  });
  it('2. a typed error with fields gives the form headline and the fields', () => {
    const r = extractLoginError({ body: { type: 't', detail: 'd', errors: [{ field: 'email', message: 'Requerido' }] }, status: 400, message: 'm' });
    expect(r).toEqual({ message: FORM_ERRORS_HEADLINE, fields: [{ field: 'email', message: 'Requerido' }] });
  });
  it('3. a typed error: detail, else message', () => {
    expect(extractLoginError({ body: { type: 't', detail: 'Detalle' }, status: 400, message: 'm' }).message).toBe('Detalle');
    expect(extractLoginError({ body: { type: 't', message: 'Mensaje' }, status: 400, message: 'm' }).message).toBe('Mensaje');
  });
  it('4. no response', () => {
    expect(extractLoginError({ message: 'Failed to fetch', isNetworkError: true }).message).toBe('Operation could not be performed! Failed to fetch');
  });
  it('5. HTTP 500', () => {
    expect(extractLoginError({ body: 'oops', status: 500, message: 'Request failed with status code 500' }).message).toBe(
      'Server returns error! Request failed with status code 500',
    );
  });
  it('6. anything else', () => {
    expect(extractLoginError({ body: {}, status: 404, message: 'Request failed with status code 404' }).message).toBe(
      'Something went wrong!, Request failed with status code 404',
    );
  });
});

describe('general extraction rule', () => {
  it('uses error_description, then detail, then the fallback', () => {
    expect(extractErrorMessage({ body: { error_description: 'x' }, status: 400, message: 'm' }).message).toBe('x');
    expect(extractErrorMessage({ body: { type: 't', detail: 'y', errors: [{ field: 'f', message: 'g' }] }, status: 400, message: 'm' })).toEqual({
      message: 'y',
      fields: [{ field: 'f', message: 'g' }],
    });
    expect(extractErrorMessage({ status: 502, message: 'Bad gateway' }).message).toBe('Something went wrong!, Bad gateway');
    expect(extractErrorMessage({ message: 'Failed to fetch', isNetworkError: true }).message).toBe('Something went wrong!, Failed to fetch');
  });
});
