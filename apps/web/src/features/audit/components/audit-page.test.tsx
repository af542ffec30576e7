import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAuditPage } from '@kc/domain';
import { clearSession, saveSession, type TSession } from '../../../lib/session.ts';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { AuditPage } from './audit-page.tsx';

const session = (roles: string[]): TSession => ({
  userId: 'me',
  identity: { id: 'me', username: 'admin@kc.example', roles },
  roles,
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
});

const entries = {
  content: [
    {
      id: 'a1',
      at: '2026-11-20T09:30:00.000Z',
      actor: { id: 'me', email: 'admin@kc.example', firstName: 'Ada', lastName: 'Admin' },
      subject: { id: 'u7', email: 'bea@example.com', firstName: 'Bea', lastName: 'Bravo', erased: false },
      ipAddress: '203.0.113.9',
      entityType: 'user',
      entityId: 'u7',
      action: 'user.updateRoles',
      before: { roles: ['AGENT'], isActive: true },
      after: { roles: ['AGENT', 'INVESTOR'], isActive: true },
    },
    {
      id: 'a0',
      at: '2026-11-19T09:30:00.000Z',
      actor: { id: 'me', email: 'admin@kc.example', firstName: 'Ada', lastName: 'Admin' },
      subject: { id: 'u8', email: null, firstName: null, lastName: null, erased: true },
      ipAddress: '203.0.113.9',
      entityType: 'user',
      entityId: 'u8',
      action: 'user.sendPasswordReset',
      before: null,
      after: { purpose: 'RESET' },
    },
  ],
  totalElements: 2,
  totalPages: 1,
} as unknown as TAuditPage;

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('AuditPage', () => {
  it('sends the filters of the address and shows each entry with its changed fields only', async () => {
    act(() => saveSession(session(['ADMIN']), false, 'csrf-test'));
    const fetch = fakeFetch(() => ({ status: 200, body: entries }));
    renderScreen(<AuditPage />, { url: '/admin/audit?entityType=user&action=user.updateRoles&from=2026-11-01&page=1' });
    const [entry, erased] = await screen.findAllByRole('listitem');
    if (!entry || !erased) throw new Error('two entries expected');
    expect(within(entry).getByText('Cambio de perfiles')).toBeTruthy();
    // The person, read through the id: as they are now, or erased.
    expect(within(entry).getByText('Bea Bravo (bea@example.com)')).toBeTruthy();
    expect(within(entry).getByText('Sus datos de hoy: el registro solo guarda su identificador.')).toBeTruthy();
    expect(within(erased).getByText('Datos personales suprimidos')).toBeTruthy();
    expect(within(erased).getByRole('cell', { name: 'purpose' })).toBeTruthy();
    expect(within(entry).getByText('Ada Admin (admin@kc.example)')).toBeTruthy();
    expect(within(entry).getByText('203.0.113.9')).toBeTruthy();
    expect(within(entry).getByRole('cell', { name: 'roles' })).toBeTruthy();
    expect(within(entry).queryByRole('cell', { name: 'isActive' })).toBeNull();
    expect(within(entry).getByText('AGENT, INVESTOR').tagName).toBe('INS');
    expect(within(entry).getByRole('link', { name: 'Ver la ficha del usuario' })).toHaveProperty('pathname', '/user/u7');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/audit?entityType=user&action=user.updateRoles&from=2026-11-01&page=0&size=20');
  });

  it('is for ADMIN only: others are told so and nothing is asked', async () => {
    act(() => saveSession(session(['COMPANY_MANAGER']), false, 'csrf-test'));
    const fetch = fakeFetch(() => ({ status: 200, body: entries }));
    renderScreen(<AuditPage />, { url: '/admin/audit' });
    expect(await screen.findByText('No tiene acceso al registro de auditoría.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
