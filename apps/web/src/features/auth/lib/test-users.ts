/**
 * The demo accounts (README, "Demo accounts"), offered in a dropdown on the login page only
 * outside production: on hostnames that are localhost, a loopback address, or end in a test or
 * localhost domain.
 */
export const DEMO_PASSWORD = 'demo-password-2026';

export const TEST_USERS = [
  { email: 'admin@kc.example', role: 'ADMIN' },
  { email: 'company.manager@kc.example', role: 'COMPANY_MANAGER' },
  { email: 'group.manager@kc.example', role: 'GROUP_MANAGER' },
  { email: 'team.manager@kc.example', role: 'TEAM_MANAGER' },
  { email: 'advisor@kc.example', role: 'ADVISOR' },
  { email: 'agent@kc.example', role: 'AGENT' },
  { email: 'supplier@kc.example', role: 'SUPPLIER' },
  { email: 'owner@kc.example', role: 'OWNER' },
  { email: 'investor@kc.example', role: 'INVESTOR' },
] as const;

export function isNonProductionHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host === '127.0.0.1' ||
    host === '[::1]' ||
    host === '::1' ||
    host.endsWith('.localhost') ||
    host.endsWith('.test')
  );
}
