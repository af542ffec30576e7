import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { currentStepUpHandler } from '../../../lib/strong-auth-bridge.ts';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { StepUpDialog } from './step-up-dialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STATUS = {
  totp: { enrolled: true, enrolledAt: '2026-11-20T10:00:00.000Z' },
  passkeys: [],
  recoveryCodesLeft: 10,
  enrolmentRequired: false,
  hasSecondFactor: true,
  secondFactorAt: null,
};
const REFUSAL = {
  type: 'about:blank',
  title: 'Confirme',
  status: 403,
  code: 'stepUpRequired',
  action: 'changeEmail',
  detail: 'Necesita un segundo factor reciente.',
};

/** A screen that sends one protected request and shows its outcome. */
function ProtectedAction() {
  const [outcome, setOutcome] = useState('');
  const send = () =>
    apiRequest<{ ok: boolean }>('/api/users/me/email', { method: 'POST', body: { email: 'nueva@example.com' } }).then(
      (answer) => setOutcome(`ok:${String(answer.ok)}`),
      (error: unknown) => setOutcome(`error:${error instanceof ApiError ? `${error.status} ${error.extracted.message}` : String(error)}`),
    );
  return (
    <>
      <StepUpDialog />
      <button type="button" onClick={() => void send()}>
        Cambiar
      </button>
      <output>{outcome}</output>
    </>
  );
}

describe('step-up dialog', () => {
  it('asks for the code on a 403 stepUpRequired, checks its shape, shows a refusal, then repeats the request once and resolves it', async () => {
    let protectedCalls = 0;
    const stepUps: unknown[] = [];
    const fetch = fakeFetch((url, init) => {
      if (url === '/api/strong-auth') return { status: 200, body: STATUS };
      if (url === '/api/strong-auth/step-up') {
        const body = JSON.parse(String(init.body)) as { code?: string };
        stepUps.push(body);
        return body.code === '123456'
          ? { status: 200, body: { secondFactorAt: '2026-11-27T10:00:00.000Z' } }
          : { status: 400, body: { type: 'about:blank', title: 'x', status: 400, code: 'invalidCode', detail: 'x' } };
      }
      protectedCalls += 1;
      return protectedCalls === 1 ? { status: 403, body: REFUSAL } : { status: 200, body: { ok: true } };
    });
    renderScreen(<ProtectedAction />);
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirme que es usted' });
    expect(dialog.textContent).toContain('Va a cambiar su correo electrónico.');
    const code = await screen.findByLabelText(/Código de su aplicación de autenticación/);
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Escriba las seis cifras que muestra la aplicación.')).toBeTruthy();
    expect(stepUps).toEqual([]);

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('El código no es correcto. Revíselo y vuelva a intentarlo.')).toBeTruthy();
    expect(protectedCalls).toBe(1);

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('ok:true')).toBeTruthy();
    expect(stepUps).toEqual([{ code: '654321' }, { code: '123456' }]);
    expect(protectedCalls).toBe(2);
    const calls = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url === '/api/users/me/email');
    expect(calls).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a recovery code works in place of the code', async () => {
    let protectedCalls = 0;
    const stepUps: unknown[] = [];
    fakeFetch((url, init) => {
      if (url === '/api/strong-auth') return { status: 200, body: STATUS };
      if (url === '/api/strong-auth/step-up') {
        stepUps.push(JSON.parse(String(init.body)));
        return { status: 200, body: { secondFactorAt: '2026-11-27T10:00:00.000Z' } };
      }
      protectedCalls += 1;
      return protectedCalls === 1 ? { status: 403, body: REFUSAL } : { status: 200, body: { ok: true } };
    });
    renderScreen(<ProtectedAction />);
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Usar un código de recuperación' }));
    const field = screen.getByLabelText(/Código de recuperación/);
    await userEvent.type(field, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(/Un código de recuperación tiene diez letras y cifras/)).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '7qh2k-m9xwd');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('ok:true')).toBeTruthy();
    expect(stepUps).toEqual([{ recoveryCode: '7qh2k-m9xwd' }]);
  });

  it('when the second factors cannot be loaded, Reintentar loads them again and the waiting action goes through', async () => {
    let statusCalls = 0;
    let protectedCalls = 0;
    fakeFetch((url) => {
      if (url === '/api/strong-auth') {
        statusCalls += 1;
        return statusCalls === 1 ? { status: 503 } : { status: 200, body: STATUS };
      }
      if (url === '/api/strong-auth/step-up') return { status: 200, body: { secondFactorAt: '2026-11-27T10:00:00.000Z' } };
      protectedCalls += 1;
      return protectedCalls === 1 ? { status: 403, body: REFUSAL } : { status: 200, body: { ok: true } };
    });
    renderScreen(<ProtectedAction />);
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirme que es usted' });
    const failure = await within(dialog).findByRole('alert');
    // Our own words, never the transport's English.
    expect(failure.textContent).toContain('No hemos podido cargar sus segundos factores.');
    expect(within(dialog).queryByLabelText(/Código de su aplicación de autenticación/)).toBeNull();

    await userEvent.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    const code = await within(dialog).findByLabelText(/Código de su aplicación de autenticación/);
    expect(statusCalls).toBe(2);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // The Retry button is gone; the focus is on the field, not lost.
    await waitFor(() => expect(document.activeElement).toBe(code));
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('ok:true')).toBeTruthy();
    expect(protectedCalls).toBe(2);
  });

  it('cancelling rejects the request with a clear reason and does not repeat it', async () => {
    let protectedCalls = 0;
    fakeFetch((url) => {
      if (url === '/api/strong-auth') return { status: 200, body: STATUS };
      protectedCalls += 1;
      return { status: 403, body: REFUSAL };
    });
    renderScreen(<ProtectedAction />);
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar' }));
    await screen.findByRole('dialog', { name: 'Confirme que es usted' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('error:403 No se ha realizado la operación: se canceló la confirmación con su segundo factor.')).toBeTruthy();
    expect(protectedCalls).toBe(1);
  });

  it('when no dialog is mounted within 5 s, the refusal reaches the screen as it came', async () => {
    expect(currentStepUpHandler()).toBeUndefined();
    fakeFetch(() => ({ status: 403, body: REFUSAL }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = apiRequest('/api/users/me/email', { method: 'POST' }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(5_000);
      const error = await pending;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).extracted.message).toBe('Necesita un segundo factor reciente.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refusal that comes before the dialog has loaded waits for it, and cancelling there ends the action', async () => {
    expect(currentStepUpHandler()).toBeUndefined();
    let calls = 0;
    fakeFetch((url) => {
      if (url === '/api/strong-auth') return { status: 200, body: STATUS };
      calls += 1;
      return calls === 1 ? { status: 403, body: REFUSAL } : { status: 204 };
    });
    // Settled into a value at once: the rejection comes while the test is still clicking.
    const pending = apiRequest('/api/users/me/email', { method: 'POST' }).then(
      () => 'sent',
      (error: unknown) => error,
    );
    // The dialog mounts (its code has loaded) after the refusal came back.
    renderScreen(<ProtectedAction />);
    expect(await screen.findByRole('dialog', { name: 'Confirme que es usted' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await pending).toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });
});
