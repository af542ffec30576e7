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
} as const;
