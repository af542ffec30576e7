import { addApiMessages } from '../../lib/messages.ts';

/** The advisor's workspace's error messages, in both languages. */
addApiMessages({
  es: {
    clientNotFound: { title: 'Cliente no encontrado', detail: 'El cliente no existe o no forma parte de su cartera.' },
    advisorNotFound: {
      title: 'Asesor no válido',
      detail: 'El asesor elegido no existe, no está activo o no pertenece a su empresa. Elija otro asesor de la lista.',
    },
    clientSameAdvisor: { title: 'Sin cambios', detail: 'El cliente ya está asignado a ese asesor. Elija un asesor distinto.' },
    paymentReferenceRequired: {
      title: 'Falta la referencia del pago',
      detail: 'Para activar el contrato, indique la referencia del primer pago recibido (transferencia, recibo o cargo en tarjeta).',
    },
    transitionReasonRequired: {
      title: 'Falta el motivo',
      detail: 'Indique el motivo de la suspensión o de la reactivación: quedará en el historial del contrato y se comunicará al cliente.',
    },
  },
  en: {
    clientNotFound: { title: 'Client not found', detail: 'The client does not exist or is not one of your clients.' },
    advisorNotFound: {
      title: 'Invalid advisor',
      detail: 'The chosen advisor does not exist, is not active or does not belong to your company. Choose another advisor from the list.',
    },
    clientSameAdvisor: { title: 'Nothing to change', detail: 'The client is already assigned to that advisor. Choose a different advisor.' },
    paymentReferenceRequired: {
      title: 'Payment reference missing',
      detail: 'To activate the contract, enter the reference of the first payment received (bank transfer, receipt or card charge).',
    },
    transitionReasonRequired: {
      title: 'Reason missing',
      detail: "Enter the reason for suspending or resuming the contract: it is kept in the contract's history and sent to the client.",
    },
  },
});
