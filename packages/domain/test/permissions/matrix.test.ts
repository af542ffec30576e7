import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  ENDPOINT_PERMISSIONS,
  PASSWORD_CHANGE_ACTIONS,
  PERMISSIONS,
  PUBLIC,
  ROLES,
  actionsOf,
  can,
  canUseAdministration,
  checkActOnUser,
  checkRoleChange,
  grantableRoles,
  isAction,
  rolesFor,
  userScope,
} from '../../src/index.ts';

describe('the permission matrix', () => {
  it('names only known roles, and every action has at least one role', () => {
    for (const action of ACTIONS) {
      expect(rolesFor(action).length, action).toBeGreaterThan(0);
      for (const role of rolesFor(action)) expect(ROLES, `${action}: ${role}`).toContain(role);
    }
  });

  it('answers can() from the table, and unknown roles grant nothing', () => {
    expect(can(['ADMIN'], 'audit.read')).toBe(true);
    expect(can(['COMPANY_MANAGER'], 'audit.read')).toBe(false);
    expect(can(['INVESTOR'], 'users.read')).toBe(false);
    expect(can(['INVESTOR', 'COMPANY_MANAGER'], 'users.read')).toBe(true);
    expect(can(['ROOT', 'SUPERUSER'], 'users.read')).toBe(false);
    expect(can([], 'identity.read')).toBe(false);
  });

  it('gives every signed-in role its own account, and the back office only to administration roles', () => {
    for (const role of ROLES) {
      expect(can([role], 'identity.read')).toBe(true);
      expect(can([role], 'dashboard.own')).toBe(true);
      expect(can([role], 'users.read')).toBe(['ADMIN', 'COMPANY_MANAGER', 'GROUP_MANAGER', 'TEAM_MANAGER'].includes(role));
      expect(can([role], 'users.create')).toBe(['ADMIN', 'COMPANY_MANAGER'].includes(role));
      expect(canUseAdministration([role])).toBe(can([role], 'administration.use'));
    }
  });

  it('lets an advisor act on contracts only as assigned staff, and managers company-wide', () => {
    expect(can(['ADVISOR'], 'contracts.manageAssigned')).toBe(true);
    expect(can(['ADVISOR'], 'contracts.manageCompany')).toBe(false);
    expect(can(['COMPANY_MANAGER'], 'contracts.manageCompany')).toBe(true);
    expect(can(['INVESTOR'], 'contracts.activate')).toBe(false);
    expect(can(['INVESTOR'], 'contracts.cancel')).toBe(true);
  });

  it('lists the actions of a set of roles', () => {
    expect(actionsOf(['INVESTOR'])).not.toContain('users.read');
    expect(actionsOf(['ADMIN'])).toEqual(ACTIONS.filter((a) => (PERMISSIONS[a] as readonly string[]).includes('ADMIN')));
    expect(actionsOf(['ADMIN'])).toContain('audit.read');
    expect(isAction('users.read')).toBe(true);
    expect(isAction('users.fly')).toBe(false);
  });

  it('maps every endpoint to a known action or PUBLIC, and lets a temporary password do only identity and the password change', () => {
    for (const [endpoint, action] of Object.entries(ENDPOINT_PERMISSIONS)) {
      expect(action === PUBLIC || isAction(action), endpoint).toBe(true);
    }
    expect([...PASSWORD_CHANGE_ACTIONS].sort()).toEqual(['account.changePassword', 'identity.read']);
  });
});

describe('grantable roles', () => {
  it('ADMIN grants every role; COMPANY_MANAGER every role but ADMIN; others none', () => {
    expect(grantableRoles(['ADMIN'])).toEqual([...ROLES]);
    expect(grantableRoles(['COMPANY_MANAGER'])).toEqual(ROLES.filter((r) => r !== 'ADMIN'));
    for (const role of ['GROUP_MANAGER', 'TEAM_MANAGER', 'ADVISOR', 'AGENT', 'SUPPLIER', 'OWNER', 'INVESTOR'] as const) {
      expect(grantableRoles([role]), role).toEqual([]);
    }
  });
});

describe('role changes', () => {
  const admin = { id: 'a', roles: ['ADMIN'] };
  const manager = { id: 'm', roles: ['COMPANY_MANAGER'] };
  const advisor = { id: 'v', roles: ['ADVISOR'] };

  it('refuses changing one\'s own roles, even to add one', () => {
    expect(checkRoleChange(admin, admin, ['ADMIN', 'ADVISOR'])).toBe('self');
    expect(checkRoleChange(manager, manager, ['COMPANY_MANAGER', 'ADMIN'])).toBe('self');
  });

  it('refuses a company manager granting or removing ADMIN, or acting on an ADMIN', () => {
    expect(checkRoleChange(manager, advisor, ['ADVISOR', 'ADMIN'])).toBe('notGrantable');
    expect(checkRoleChange(manager, { id: 'x', roles: ['ADMIN'] }, ['ADVISOR'])).toBe('targetIsAdmin');
    expect(checkActOnUser(manager, { id: 'x', roles: ['ADMIN', 'ADVISOR'] })).toBe('targetIsAdmin');
  });

  it('lets a company manager change non-admin roles, and an admin any role', () => {
    expect(checkRoleChange(manager, advisor, ['ADVISOR', 'AGENT'])).toBeNull();
    expect(checkRoleChange(admin, advisor, ['ADMIN'])).toBeNull();
    expect(checkRoleChange(admin, { id: 'x', roles: ['ADMIN'] }, ['INVESTOR'])).toBeNull();
  });

  it('keeps at least one role, and refuses acting on oneself', () => {
    expect(checkRoleChange(admin, advisor, [])).toBe('noRoles');
    expect(checkActOnUser(admin, admin)).toBe('self');
    expect(checkActOnUser(admin, advisor)).toBeNull();
  });
});

describe('scope', () => {
  it('is the company for ADMIN and COMPANY_MANAGER, nobody for group and team managers until the sales network exists', () => {
    expect(userScope(['ADMIN'])).toBe('company');
    expect(userScope(['COMPANY_MANAGER', 'INVESTOR'])).toBe('company');
    expect(userScope(['GROUP_MANAGER'])).toBe('group');
    expect(userScope(['TEAM_MANAGER'])).toBe('team');
    expect(userScope(['TEAM_MANAGER', 'GROUP_MANAGER'])).toBe('group');
    expect(userScope(['GROUP_MANAGER', 'ADMIN'])).toBe('company');
    expect(userScope(['INVESTOR'])).toBe('none');
  });
});
