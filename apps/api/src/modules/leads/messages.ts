import { addApiMessages } from '../../lib/messages.ts';

/** What the leads module may answer, in both languages (registered at import time). */
addApiMessages({
  es: {
    leadNotFound: { title: 'Reserva no encontrada', detail: 'La reserva no existe o no tiene acceso a ella.' },
    leadReservedByOther: {
      title: 'Persona ya reservada',
      detail: 'Otro comercial de la empresa tiene reservada a esta persona hasta el {{until}}. Podrá registrarla si la reserva no se renueva antes de esa fecha.',
    },
    leadReservedByYou: {
      title: 'Ya la tiene reservada',
      detail: 'Ya tiene reservada a esta persona hasta el {{until}}. Puede ampliar esa reserva desde su lista.',
    },
    leadAlreadyInvestor: {
      title: 'Ya es inversor',
      detail: 'Esta persona ya está registrada como inversora en la empresa, por lo que no se puede reservar. Si no tiene comercial, su responsable puede asignársela.',
    },
    leadZoneUnknown: { title: 'Zona no válida', detail: 'La zona indicada no existe o no está operativa.' },
    leadAlreadyExtended: {
      title: 'Ampliación ya utilizada',
      detail: 'Esta reserva ya se amplió una vez, que es el máximo permitido. Vence el {{until}}.',
    },
    leadNotLive: {
      title: 'Reserva no vigente',
      detail: 'Esta reserva ya no está vigente (ha caducado, se ha convertido o se ha descartado) y no admite cambios.',
    },
    clientNotPending: {
      title: 'Cliente ya asignado',
      detail: 'Este inversor ya tiene un comercial asignado. Actualice la lista de asignaciones pendientes.',
    },
    investorNotFound: { title: 'Inversor no encontrado', detail: 'El inversor no existe, no ha confirmado su cuenta o no tiene acceso a él.' },
    agentNotAssignable: {
      title: 'Comercial no disponible',
      detail: 'Solo puede asignar clientes a comerciales activos de su equipo.',
    },
  },
  en: {
    leadNotFound: { title: 'Reservation not found', detail: 'The reservation does not exist or you do not have access to it.' },
    leadReservedByOther: {
      title: 'Person already reserved',
      detail: 'Another agent of the company has reserved this person until {{until}}. You can register them if that reservation is not renewed by then.',
    },
    leadReservedByYou: {
      title: 'Already reserved by you',
      detail: 'You have already reserved this person until {{until}}. You can extend that reservation from your list.',
    },
    leadAlreadyInvestor: {
      title: 'Already an investor',
      detail: 'This person is already registered as an investor with the company, so they cannot be reserved. If they have no agent, your manager can assign them.',
    },
    leadZoneUnknown: { title: 'Invalid zone', detail: 'The zone does not exist or is not operative.' },
    leadAlreadyExtended: {
      title: 'Extension already used',
      detail: 'This reservation has already been extended once, which is the maximum. It ends on {{until}}.',
    },
    leadNotLive: {
      title: 'Reservation no longer live',
      detail: 'This reservation is no longer live (it has expired, converted or been discarded) and cannot be changed.',
    },
    clientNotPending: {
      title: 'Client already assigned',
      detail: 'This investor already has an agent. Refresh the list of pending assignments.',
    },
    investorNotFound: { title: 'Investor not found', detail: 'The investor does not exist, has not confirmed their account, or you do not have access to them.' },
    agentNotAssignable: {
      title: 'Agent not available',
      detail: 'You can only assign clients to active agents of your team.',
    },
  },
});
