import type { TLanguage } from '../i18n/language.ts';

/**
 * What a notification or a task says, in both languages. A notification is stored as a key and
 * its parameters and rendered at read time in the reader's language (docs/decisions/0011-notifications.md), so
 * an item made while its recipient used Spanish reads in English once they switch.
 * `{{name}}` placeholders take the item's parameters.
 */
export const notificationTitles = {
  es: {
    contractHired: '{{customerName}} ha contratado un {{productName}}: confirme el primer pago',
    contractStateChanged: 'Su contrato {{productName}} está ahora {{state}}',
    accountConfirmed: '{{customerName}} ha confirmado su cuenta: dele la bienvenida como su nuevo cliente',
    passwordChanged: 'Se ha cambiado la contraseña de su cuenta. Si no ha sido usted, contacte con nosotros de inmediato',
    userCreated: 'Se ha dado de alta al usuario {{userName}} ({{email}})',
    userDeactivated: 'Se ha desactivado al usuario {{userName}} ({{email}})',
    agentJoinedTeam: 'Desde hoy forma parte del equipo {{teamTitle}}',
    agentLeftTeam: 'Ha dejado de formar parte del equipo {{teamTitle}}',
    teamAgentJoined: '{{agentName}} se incorpora a su equipo {{teamTitle}}',
    teamAgentLeft: '{{agentName}} deja su equipo {{teamTitle}}',
    teamManagerAssigned: 'Se le ha nombrado responsable del equipo {{teamTitle}}',
    groupManagerAssigned: 'Se le ha nombrado responsable del grupo {{groupTitle}}',
    teamCreatedInGroup: 'Se ha creado el equipo {{teamTitle}} en su grupo {{groupTitle}}',
    teamClosed: 'Se ha cerrado el equipo {{teamTitle}}',
    groupClosed: 'Se ha cerrado el grupo {{groupTitle}}',
    seatTaken: 'Tiene una plaza {{type}} en la zona {{zoneTitle}}',
    seatReleased: 'Ha quedado libre su plaza {{type}} en la zona {{zoneTitle}}',
    // Leads (issue 14).
    leadExpiring: 'La reserva de {{leadName}} vence el {{until}}: amplíela o dele seguimiento antes de que caduque',
    leadExpired: 'Ha caducado la reserva de {{leadName}}: la persona queda libre para otros comerciales',
    leadConverted: '{{leadName}} se ha dado de alta como inversor y ya es su cliente',
    clientAssigned: 'Se le ha asignado un nuevo cliente: {{customerName}}',
    clientReassignedToYou: '{{customerName}} pasa a ser su cliente: preséntese y revise sus contratos',
    clientReassignedAway: '{{customerName}} ha dejado de ser su cliente: ahora le atiende {{advisorName}}',
  },
  en: {
    contractHired: '{{customerName}} has taken out a {{productName}}: please confirm the first payment',
    contractStateChanged: 'Your {{productName}} contract is now {{state}}',
    accountConfirmed: '{{customerName}} has confirmed their account: welcome your new client',
    passwordChanged: 'Your account password was changed. If this was not you, contact us immediately',
    userCreated: 'User {{userName}} ({{email}}) has been created',
    userDeactivated: 'User {{userName}} ({{email}}) has been deactivated',
    agentJoinedTeam: 'You are now a member of the {{teamTitle}} team',
    agentLeftTeam: 'You are no longer a member of the {{teamTitle}} team',
    teamAgentJoined: '{{agentName}} has joined your {{teamTitle}} team',
    teamAgentLeft: '{{agentName}} has left your {{teamTitle}} team',
    teamManagerAssigned: 'You are now the manager of the {{teamTitle}} team',
    groupManagerAssigned: 'You are now the manager of the {{groupTitle}} group',
    teamCreatedInGroup: 'The {{teamTitle}} team has been created in your {{groupTitle}} group',
    teamClosed: 'The {{teamTitle}} team has been closed',
    groupClosed: 'The {{groupTitle}} group has been closed',
    seatTaken: 'You hold a {{type}} seat in the {{zoneTitle}} zone',
    seatReleased: 'Your {{type}} seat in the {{zoneTitle}} zone has been released',
    // Leads (issue 14).
    leadExpiring: 'Your reservation of {{leadName}} ends on {{until}}: extend it or follow up before it lapses',
    leadExpired: 'Your reservation of {{leadName}} has expired: other agents may now register this person',
    leadConverted: '{{leadName}} has signed up as an investor and is now your client',
    clientAssigned: 'A new client has been assigned to you: {{customerName}}',
    clientReassignedToYou: '{{customerName}} is now your client: introduce yourself and review their contracts',
    clientReassignedAway: '{{customerName}} is no longer your client: {{advisorName}} now looks after them',
  },
} as const satisfies Record<TLanguage, Record<string, string>>;

export const notificationLinkLabels = {
  es: {
    viewContract: 'Ver el contrato',
    viewDashboard: 'Ir a mi tablero',
    viewAccount: 'Revisar mi cuenta',
    viewClients: 'Ver mis clientes',
    viewClient: 'Ver el cliente',
    viewUsers: 'Ver los usuarios',
    viewUser: 'Ver el usuario',
    viewTeam: 'Ver el equipo',
    viewGroup: 'Ver el grupo',
    viewZone: 'Ver la zona',
    viewLeads: 'Ver mis reservas',
    dismiss: 'Descartar',
  },
  en: {
    viewContract: 'View the contract',
    viewDashboard: 'Go to my dashboard',
    viewAccount: 'Review my account',
    viewClients: 'View my clients',
    viewClient: 'View the client',
    viewUsers: 'View users',
    viewUser: 'View the user',
    viewTeam: 'View the team',
    viewGroup: 'View the group',
    viewZone: 'View the zone',
    viewLeads: 'View my reservations',
    dismiss: 'Dismiss',
  },
} as const satisfies Record<TLanguage, Record<string, string>>;

export type TNotificationKey = keyof (typeof notificationTitles)['es'];
export type TNotificationLinkLabel = keyof (typeof notificationLinkLabels)['es'];
export const NOTIFICATION_KEYS = Object.keys(notificationTitles.es) as TNotificationKey[];
export const NOTIFICATION_LINK_LABELS = Object.keys(notificationLinkLabels.es) as TNotificationLinkLabel[];

/** Contract states as a notification names them (the specification's labels: Nuevo, Activo, Suspendido, Archivado, Eliminado). */
export const notificationContractStates: Record<string, { es: string; en: string }> = {
  NEW: { es: 'Nuevo', en: 'New' },
  ACTIVE: { es: 'Activo', en: 'Active' },
  STANDBY: { es: 'Suspendido', en: 'Suspended' },
  ARCHIVED: { es: 'Archivado', en: 'Archived' },
  DELETED: { es: 'Eliminado', en: 'Deleted' },
};

/** What a task asks for; `completeTasks` closes the open ones of a type about a subject. */
export const TASK_TYPES = {
  /** The advisor confirms a new contract's first payment; closes when the contract leaves NEW. */
  confirmFirstPayment: 'confirm-first-payment',
  /** The advisor welcomes a newly confirmed client; closed by the advisor. */
  welcomeClient: 'welcome-client',
  /** The agent follows up a reservation ending within 15 days; closed when it expires, is extended, converts or is discarded. */
  leadExpiring: 'lead-expiring',
} as const;
