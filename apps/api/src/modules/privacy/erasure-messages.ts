import { addApiMessages } from '../../lib/messages.ts';

/** What the erasure may answer (issue 16, Art. 17), in both languages. */
addApiMessages({
  es: {
    erasureLiveContracts: {
      title: 'Tiene contratos en vigor',
      detail:
        'No podemos suprimir sus datos mientras tenga contratos en vigor ({{count}}): una supresión nunca cancela una inversión sin que usted lo decida. Pida a su asesor que los dé por finalizados y vuelva a solicitarla. No se ha cambiado nada.',
    },
    erasureLinkInvalid: {
      title: 'Enlace no válido',
      detail: 'Este enlace para confirmar la supresión de datos no es válido o no corresponde a su cuenta. No se ha cambiado nada.',
    },
    erasureLinkUsed: {
      title: 'Enlace ya utilizado',
      detail: 'Este enlace ya se utilizó: la supresión de sus datos ya está confirmada.',
    },
    erasureLinkReplaced: {
      title: 'Enlace sustituido',
      detail: 'Este enlace ya no sirve porque solicitó otro después. Use el del correo más reciente. No se ha cambiado nada.',
    },
    erasureLinkExpired: {
      title: 'Enlace caducado',
      detail: 'Este enlace ha caducado (vale {{minutes}} minutos). Vuelva a solicitar la supresión desde su cuenta para recibir otro. No se ha cambiado nada.',
    },
  },
  en: {
    erasureLiveContracts: {
      title: 'You have live contracts',
      detail:
        'We cannot erase your data while you have live contracts ({{count}}): an erasure never cancels an investment without your decision. Ask your advisor to end them, then ask again. Nothing has been changed.',
    },
    erasureLinkInvalid: {
      title: 'Invalid link',
      detail: 'This link to confirm the erasure of your data is not valid or is not for your account. Nothing has been changed.',
    },
    erasureLinkUsed: {
      title: 'Link already used',
      detail: 'This link has already been used: the erasure of your data is already confirmed.',
    },
    erasureLinkReplaced: {
      title: 'Link replaced',
      detail: 'This link no longer works because you asked for another one afterwards. Use the one in the latest e-mail. Nothing has been changed.',
    },
    erasureLinkExpired: {
      title: 'Link expired',
      detail: 'This link has expired (it lasts {{minutes}} minutes). Ask for the erasure again from your account to get a new one. Nothing has been changed.',
    },
  },
});
