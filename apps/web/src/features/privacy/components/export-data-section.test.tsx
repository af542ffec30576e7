import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { ExportDataSection } from './export-data-section.tsx';

const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.assign(URL, original);
});

describe('ExportDataSection', () => {
  it('downloads the ZIP under the server’s file name, saying it is preparing it, then that it started', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn((_url: string) => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const createObjectURL = vi.fn(() => 'blob:kc-export');
    // jsdom has no object URLs: the browser's are stood in for.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    renderScreen(<ExportDataSection />);
    expect(screen.getByRole('heading', { level: 2, name: 'Copia de sus datos' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Descargar mis datos' });
    await userEvent.click(button);
    expect(await screen.findByText('Preparando su archivo…')).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/api/privacy/export');

    answer(
      new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
        status: 200,
        headers: { 'content-type': 'application/zip', 'content-disposition': "attachment; filename=\"kc-mis-datos-2026-11-27.zip\"; filename*=UTF-8''kc-mis-datos-2026-11-27.zip" },
      }),
    );
    expect(await screen.findByText('Descarga iniciada: kc-mis-datos-2026-11-27.zip')).toBeTruthy();
    expect(clicked).toEqual(['kc-mis-datos-2026-11-27.zip']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toContain('Descarga iniciada');
  });

  it('shows the server’s reason in an alert and lets the person try again with the same button', async () => {
    fakeFetch(() => ({
      status: 429,
      body: { type: 'about:blank', title: 'Demasiadas descargas', status: 429, code: 'privacyExportRateLimited', detail: 'Ha descargado sus datos muchas veces en poco tiempo. Podrá volver a hacerlo dentro de 60 minutos.' },
    }));
    renderScreen(<ExportDataSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No hemos podido preparar su archivo.');
    expect(alert.textContent).toContain('Podrá volver a hacerlo dentro de 60 minutos.');
    expect(screen.getByRole('button', { name: 'Descargar mis datos' }).hasAttribute('disabled')).toBe(false);
  });
});
