import { addApiMessages } from '../../lib/messages.ts';

/** What the jobs board's endpoints may answer, in both languages. */
addApiMessages({
  es: {
    jobOfferNotFound: { title: 'Oferta no encontrada', detail: 'La oferta de empleo no existe o ya no está disponible.' },
    jobApplicationNotFound: { title: 'Candidatura no encontrada', detail: 'La candidatura no existe o no tiene acceso a ella.' },
    jobOfferNotOpen: {
      title: 'Oferta cerrada',
      detail: 'Esta oferta ya no admite candidaturas: se cerró o ha pasado su fecha de cierre. Consulte otras ofertas abiertas.',
    },
    jobOfferStatusChange: { title: 'Cambio de estado no permitido', detail: 'Una oferta en estado {{from}} no puede pasar a {{to}}.' },
    jobOfferPastClosingDate: {
      title: 'Fecha de cierre vencida',
      detail: 'La fecha de cierre de la oferta ({{date}}) ya ha pasado. Cámbiela antes de publicarla de nuevo.',
    },
    jobApplicationStatusChange: { title: 'Cambio de estado no permitido', detail: 'Una candidatura en estado {{from}} no puede pasar a {{to}}.' },
    jobApplicationAnonymised: {
      title: 'Candidatura anonimizada',
      detail: 'Los datos de esta candidatura se han borrado (retirada por la persona candidata o fin del plazo de conservación).',
    },
    jobCvNotFound: { title: 'Sin currículum', detail: 'Esta candidatura no incluye ningún currículum.' },
    jobWithdrawalLinkInvalid: {
      title: 'Enlace no válido',
      detail: 'Este enlace para retirar la candidatura no es válido o ya se utilizó. Si ya retiró su candidatura, sus datos están borrados.',
    },
    jobWithdrawalLinkExpired: {
      title: 'Enlace caducado',
      detail: 'Este enlace para retirar la candidatura ha caducado. Envíe de nuevo la candidatura para recibir otro, o escríbanos desde la página de contacto.',
    },
    jobUpdateLinkInvalid: {
      title: 'Enlace no válido',
      detail: 'Este enlace para confirmar los cambios en su candidatura no es válido o ya se utilizó. Si ya los confirmó, su candidatura está actualizada.',
    },
    jobUpdateLinkExpired: {
      title: 'Enlace caducado',
      detail: 'Este enlace para confirmar los cambios ha caducado (es válido durante 24 horas) y su candidatura sigue como estaba. Si quiere cambiarla, envíela de nuevo y recibirá otro enlace.',
    },
    jobApplyRateLimited: {
      title: 'Demasiadas candidaturas',
      detail: 'Se han enviado demasiadas candidaturas desde su conexión. Inténtelo de nuevo dentro de {{minutes}} minutos.',
    },
  },
  en: {
    jobOfferNotFound: { title: 'Job offer not found', detail: 'The job offer does not exist or is no longer available.' },
    jobApplicationNotFound: { title: 'Application not found', detail: 'The application does not exist or you have no access to it.' },
    jobOfferNotOpen: {
      title: 'Offer closed',
      detail: 'This offer no longer takes applications: it was closed or its closing date has passed. Have a look at the other open offers.',
    },
    jobOfferStatusChange: { title: 'Status change not allowed', detail: 'An offer in status {{from}} cannot move to {{to}}.' },
    jobOfferPastClosingDate: {
      title: 'Closing date passed',
      detail: "The offer's closing date ({{date}}) has passed. Change it before publishing the offer again.",
    },
    jobApplicationStatusChange: { title: 'Status change not allowed', detail: 'An application in status {{from}} cannot move to {{to}}.' },
    jobApplicationAnonymised: {
      title: 'Application anonymised',
      detail: "This application's data has been erased (withdrawn by the candidate, or its retention period ended).",
    },
    jobCvNotFound: { title: 'No CV', detail: 'This application has no CV.' },
    jobWithdrawalLinkInvalid: {
      title: 'Invalid link',
      detail: 'This link to withdraw an application is not valid or has already been used. If you already withdrew your application, your data has been erased.',
    },
    jobWithdrawalLinkExpired: {
      title: 'Link expired',
      detail: 'This link to withdraw your application has expired. Send the application again to get a new one, or write to us from the contact page.',
    },
    jobUpdateLinkInvalid: {
      title: 'Invalid link',
      detail: 'This link to confirm the changes to your application is not valid or has already been used. If you already confirmed them, your application is up to date.',
    },
    jobUpdateLinkExpired: {
      title: 'Link expired',
      detail: 'This link to confirm the changes has expired (it is valid for 24 hours) and your application stays as it was. To change it, send it again and you will get a new link.',
    },
    jobApplyRateLimited: {
      title: 'Too many applications',
      detail: 'Too many applications have been sent from your connection. Please try again in {{minutes}} minutes.',
    },
  },
});
