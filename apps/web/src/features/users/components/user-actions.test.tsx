import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUserDetail } from '@kc/domain';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { UserActions, availableActions } from './user-actions.tsx';

afterEach(() => vi.unstubAllGlobals());

const target = (overrides: Partial<TUserDetail> = {}) =>
  ({
    id: 'u2',
    email: 'ana@kc.example',
    firstName: 'Ana',
    lastName: 'García',
    roles: ['ADVISOR'],
    isActive: true,
    isDeleted: false,
    grantableRoles: ['COMPANY_MANAGER', 'GROUP_MANAGER', 'TEAM_MANAGER', 'ADVISOR', 'AGENT', 'SUPPLIER', 'OWNER', 'INVESTOR'],
    ...overrides,
  }) as TUserDetail;

describe('availableActions', () => {
  const admin = { id: 'me', roles: ['ADMIN'] };
  it('offers nothing on one’s own account, a deleted user, or an ADMIN to a non-admin', () => {
    expect(availableActions(admin, target({ id: 'me' }))).toEqual([]);
    expect(availableActions(admin, target({ isDeleted: true }))).toEqual([]);
    expect(availableActions({ id: 'me', roles: ['COMPANY_MANAGER'] }, target({ roles: ['ADMIN'] }))).toEqual([]);
  });
  it('offers deactivate or reactivate by state, and nothing to a group manager', () => {
    expect(availableActions(admin, target())).toEqual(['editRoles', 'deactivate', 'sendReset', 'delete']);
    expect(availableActions(admin, target({ isActive: false }))).toEqual(['editRoles', 'reactivate', 'sendReset', 'delete']);
    expect(availableActions({ id: 'me', roles: ['GROUP_MANAGER'] }, target())).toEqual([]);
  });
});

describe('UserActions', () => {
  it('asks for confirmation, then shows the result', async () => {
    const fetch = fakeFetch(() => ({ status: 200, body: {} }));
    renderScreen(<UserActions user={target()} actions={['deactivate']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar a Ana García?' });
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Usuario desactivado. Sus sesiones se han cerrado.')).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/api/users/u2/deactivate');
  });

  it('cancelling sends nothing', async () => {
    const fetch = fakeFetch(() => ({ status: 200, body: {} }));
    renderScreen(<UserActions user={target()} actions={['delete']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers only grantable roles and shows the API refusal in the user’s language', async () => {
    fakeFetch(() => ({ status: 409, body: { type: 'about:blank', title: 'Conflicto', status: 409, code: 'lastActiveAdmin', detail: 'Es el último administrador activo de la empresa: no se puede quitar.' } }));
    renderScreen(<UserActions user={target({ grantableRoles: ['ADVISOR', 'INVESTOR'] })} actions={['editRoles']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar los perfiles' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox', { name: 'Administrador' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Inversor' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar los perfiles' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Es el último administrador activo de la empresa: no se puede quitar.');
  });
});
