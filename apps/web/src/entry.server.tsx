import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * Runs only at build time (ssr: false): it prerenders the public pages. React Router's default
 * entry streams from the shell for non-bot requests, which left every Suspense boundary of a
 * prerendered page as its fallback plus a hidden segment swapped in by script (the calculator
 * showed 'Cargando…' and then jumped). A static page has no reason to stream: wait for all of
 * it, so the HTML is the finished page.
 */
export const streamTimeout = 10_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // React outlines a large boundary into a hidden segment revealed by script even when it is
      // ready; one chunk keeps the page's HTML in place.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        const body = new PassThrough();
        responseHeaders.set('Content-Type', 'text/html');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    setTimeout(abort, streamTimeout);
  });
}
