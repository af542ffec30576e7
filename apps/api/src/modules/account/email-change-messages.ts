import { addApiMessages } from '../../lib/messages.ts';

/** What the e-mail change may answer (issue 18, decision 0037), in both languages. */
addApiMessages({
  es: {
    emailChangeTaken: { title: 'Correo ya registrado', detail: 'Ya existe una cuenta con este correo electrónico. Elija otro. No se ha cambiado nada.' },
    emailChangeSame: { title: 'Mismo correo', detail: 'Este ya es el correo electrónico de su cuenta.' },
    emailChangeTooManyAttempts: {
      title: 'Demasiados intentos',
      detail: 'Demasiados intentos con una contraseña incorrecta. Vuelva a intentarlo dentro de {{minutes}} minutos.',
    },
    emailChangeRateLimited: {
      title: 'Demasiadas solicitudes',
      detail: 'Ha solicitado demasiados cambios de correo en poco tiempo. Vuelva a intentarlo dentro de {{minutes}} minutos.',
    },
    emailChangeLinkInvalid: {
      title: 'Enlace no válido',
      detail: 'Este enlace para confirmar un nuevo correo electrónico no es válido. No se ha cambiado nada.',
    },
    emailChangeLinkUsed: { title: 'Enlace ya utilizado', detail: 'Este enlace ya se utilizó: el nuevo correo electrónico ya está confirmado.' },
    emailChangeLinkReplaced: {
      title: 'Enlace sustituido',
      detail: 'Este enlace ya no sirve porque después se solicitó otro cambio o una nueva contraseña. Use el enlace del correo más reciente. No se ha cambiado nada.',
    },
    emailChangeLinkExpired: {
      title: 'Enlace caducado',
      detail: 'Este enlace ha caducado (vale {{minutes}} minutos). Vuelva a solicitar el cambio desde su cuenta para recibir otro. No se ha cambiado nada.',
    },
  },
  en: {
    emailChangeTaken: { title: 'E-mail already registered', detail: 'An account with this e-mail address already exists. Please choose another one. Nothing has been changed.' },
    emailChangeSame: { title: 'Same e-mail', detail: "This is already your account's e-mail address." },
    emailChangeTooManyAttempts: {
      title: 'Too many attempts',
      detail: 'Too many attempts with a wrong password. Please try again in {{minutes}} minutes.',
    },
    emailChangeRateLimited: {
      title: 'Too many requests',
      detail: 'You have asked for too many e-mail changes in a short time. Please try again in {{minutes}} minutes.',
    },
    emailChangeLinkInvalid: {
      title: 'Invalid link',
      detail: 'This link to confirm a new e-mail address is not valid. Nothing has been changed.',
    },
    emailChangeLinkUsed: { title: 'Link already used', detail: 'This link has already been used: the new e-mail address is already confirmed.' },
    emailChangeLinkReplaced: {
      title: 'Link replaced',
      detail: 'This link no longer works because another change or a new password was asked for afterwards. Use the link in the latest e-mail. Nothing has been changed.',
    },
    emailChangeLinkExpired: {
      title: 'Link expired',
      detail: 'This link has expired (it lasts {{minutes}} minutes). Ask for the change again from your account to get a new one. Nothing has been changed.',
    },
  },
});
