/** The sales network's API addresses (one table, as the web app's `paths`). */
const id = (value: string) => encodeURIComponent(value);
const withQuery = (base: string, query?: string) => `${base}${query ? `?${query}` : ''}`;

export const salesApi = {
  tree: '/api/sales/tree',
  groups: (query?: string) => withQuery('/api/sales/groups', query),
  group: (groupId: string) => `/api/sales/groups/${id(groupId)}`,
  closeGroup: (groupId: string) => `/api/sales/groups/${id(groupId)}/close`,
  teams: (query?: string) => withQuery('/api/sales/teams', query),
  team: (teamId: string) => `/api/sales/teams/${id(teamId)}`,
  closeTeam: (teamId: string) => `/api/sales/teams/${id(teamId)}/close`,
  agentTeam: (agentId: string) => `/api/sales/agents/${id(agentId)}/team`,
  zones: (query?: string) => withQuery('/api/sales/zones', query),
  zone: (zoneId: string) => `/api/sales/zones/${id(zoneId)}`,
  seats: (zoneId: string) => `/api/sales/zones/${id(zoneId)}/seats`,
  seat: (zoneId: string, agentId: string) => `/api/sales/zones/${id(zoneId)}/seats/${id(agentId)}`,
} as const;
