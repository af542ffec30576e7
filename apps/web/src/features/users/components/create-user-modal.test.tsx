import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { CreateUserModal } from './create-user-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

function open(actorRoles: string[]) {
  const onCreated = vi.fn();
  renderScreen(<CreateUserModal opened actorRoles={actorRoles} onClose={vi.fn()} onCreated={onCreated} />);
  return { onCreated, dialog: screen.getByRole('dialog') };
}

async function openForm(actorRoles: string[]) {
  const opened = open(actorRoles);
  await within(opened.dialog).findByRole('button', { name: 'Crear el usuario' });
  return opened;
}

describe('CreateUserModal', () => {
  it('offers only the roles the caller may grant: a company manager never sees ADMIN', async () => {
    fakeFetch(() => ({ status: 200, body: [] }));
    const { dialog } = await openForm(['COMPANY_MANAGER']);
    expect(within(dialog).queryByRole('checkbox', { name: 'Administrador' })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: 'Asesor' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Gerente de empresa' })).toBeTruthy();
  });

  it('checks the fields in the browser and sends nothing while they are wrong', async () => {
    const fetch = fakeFetch(() => ({ status: 200, body: [] }));
    const { dialog } = await openForm(['ADMIN']);
    await userEvent.type(within(dialog).getByLabelText(/Correo electrónico/), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear el usuario' }));
    expect(await within(dialog).findAllByText('Requerido')).not.toHaveLength(0);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends the user and puts the server field errors on their fields', async () => {
    const fetch = fakeFetch((url, init) =>
      init.method === 'POST'
        ? { status: 400, body: { type: 'about:blank', title: 'Datos no válidos', status: 400, detail: 'Revise los campos marcados.', errors: [{ field: 'email', message: 'Ya existe una cuenta con este correo electrónico.' }] } }
        : { status: 200, body: [] },
    );
    const { dialog, onCreated } = await openForm(['ADMIN']);
    await userEvent.type(within(dialog).getByLabelText(/Correo electrónico/), 'ana@kc.example');
    await userEvent.type(within(dialog).getByLabelText(/^Nombre/), 'Ana');
    await userEvent.type(within(dialog).getByLabelText(/^Apellidos/), 'García');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Asesor' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear el usuario' }));
    expect(await within(dialog).findByText('Ya existe una cuenta con este correo electrónico.')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Correo electrónico/).getAttribute('aria-invalid')).toBe('true');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ email: 'ana@kc.example', firstName: 'Ana', lastName: 'García', roles: ['ADVISOR'], language: 'es', phone: null, dni: null });
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('reports the new user when the server creates it', async () => {
    fakeFetch((url, init) => (init.method === 'POST' ? { status: 201, body: { id: 'new-1', email: 'ana@kc.example' } } : { status: 200, body: [] }));
    const { dialog, onCreated } = await openForm(['ADMIN']);
    await userEvent.type(within(dialog).getByLabelText(/Correo electrónico/), 'ana@kc.example');
    await userEvent.type(within(dialog).getByLabelText(/^Nombre/), 'Ana');
    await userEvent.type(within(dialog).getByLabelText(/^Apellidos/), 'García');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Asesor' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear el usuario' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 'new-1', email: 'ana@kc.example' }));
  });
});
