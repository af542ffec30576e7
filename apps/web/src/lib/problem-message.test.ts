import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { problemMessage, serverSentence } from './problem-message.ts';

const FALLBACK = 'No hemos podido publicar el valor. Inténtelo de nuevo.';

describe('problemMessage', () => {
  it('a network failure shows the screen\'s own sentence, never "Something went wrong!, Failed to fetch"', () => {
    const error = new ApiError('Failed to fetch', undefined, undefined, true);
    expect(error.extracted.message).toBe('Something went wrong!, Failed to fetch');
    expect(problemMessage(error, FALLBACK)).toBe(FALLBACK);
    expect(serverSentence(error)).toBeUndefined();
  });

  it('a 5xx shows the screen\'s own sentence, with or without a problem body', () => {
    expect(problemMessage(new ApiError('Request failed with status code 500', 500, '', false), FALLBACK)).toBe(FALLBACK);
    expect(problemMessage(new ApiError('Request failed with status code 502', 502, '<html>Bad gateway</html>', false), FALLBACK)).toBe(FALLBACK);
    const internal = new ApiError('Request failed with status code 500', 500, { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Internal error' }, false);
    expect(problemMessage(internal, FALLBACK)).toBe(FALLBACK);
  });

  it("a 4xx with a problem body shows the server's sentence (already in the reader's language)", () => {
    const conflict = new ApiError('Request failed with status code 409', 409, { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Ya hay un valor liquidativo publicado con fecha valor 2026-11-28' }, false);
    expect(problemMessage(conflict, FALLBACK)).toBe('Ya hay un valor liquidativo publicado con fecha valor 2026-11-28');
    const oauth = new ApiError('Request failed with status code 400', 400, { error: 'invalid_grant', error_description: 'Credenciales incorrectas' }, false);
    expect(problemMessage(oauth, FALLBACK)).toBe('Credenciales incorrectas');
  });

  it('a 4xx without a problem body (a proxy page) and anything that is not an ApiError show the screen\'s own sentence', () => {
    expect(problemMessage(new ApiError('Request failed with status code 413', 413, '<html>Request Entity Too Large</html>', false), FALLBACK)).toBe(FALLBACK);
    expect(problemMessage(new ApiError('Request failed with status code 404', 404, { title: 'Not found' }, false), FALLBACK)).toBe(FALLBACK);
    expect(problemMessage(new TypeError('x is undefined'), FALLBACK)).toBe(FALLBACK);
  });
});
