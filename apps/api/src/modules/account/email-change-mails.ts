import { formatDate, type TLanguage } from '@kc/domain';
import { render, type TMailContent } from '../../lib/mail-layout.ts';
import { securityMail, type TSecurityEvent, type TSecurityLinks } from '../../lib/security-mail.ts';

/** The e-mail change's mails (issue 18, decision 0037), in the person's language. */

/** Madrid's wall clock (the person reads it in Spain's time). */
const timeOf = (at: Date) => new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Madrid', hourCycle: 'h23' }).format(at);

/** To the NEW address: the one-time link that confirms it. */
export function confirmNewEmailMail(
  language: TLanguage,
  input: { firstName: string; newEmail: string; link: string; expiresAt: Date; minutes: number },
): TMailContent {
  const day = formatDate(input.expiresAt);
  const time = timeOf(input.expiresAt);
  if (language === 'en') {
    return {
      subject: 'Confirm your new e-mail address for KC',
      ...render(
        [
          `Hello ${input.firstName},`,
          `We have received a request to change the e-mail address of your KC account to this one (${input.newEmail}). To confirm it, use the link below.`,
          `The link works once and expires in ${input.minutes} minutes (at ${time} Madrid time on ${day}). Until you confirm, your account keeps its current address.`,
          'When you confirm, you will sign in with this address, and every other open session of your account will be closed.',
          'If you did not ask for this, ignore this message: nothing will change.',
        ],
        { href: input.link, label: 'Confirm my new e-mail' },
        'The KC team',
      ),
    };
  }
  return {
    subject: 'Confirme su nuevo correo electrónico en KC',
    ...render(
      [
        `Hola, ${input.firstName}:`,
        `Hemos recibido una solicitud para cambiar el correo electrónico de su cuenta de KC por este (${input.newEmail}). Para confirmarlo, utilice el enlace siguiente.`,
        `El enlace solo puede usarse una vez y caduca en ${input.minutes} minutos (a las ${time}, hora de Madrid, del ${day}). Mientras no lo confirme, su cuenta conserva el correo actual.`,
        'Al confirmarlo, accederá con esta dirección y se cerrarán las demás sesiones abiertas de su cuenta.',
        'Si no ha solicitado este cambio, ignore este mensaje: no se modificará nada.',
      ],
      { href: input.link, label: 'Confirmar mi nuevo correo' },
      'El equipo de KC',
    ),
  };
}

/** To the OLD address when the change is asked: what happens, when, from where, and how to secure the account if it was not them. */
export function emailChangeRequestedMail(
  language: TLanguage,
  input: { firstName: string; newEmail: string; minutes: number; event: TSecurityEvent; links: TSecurityLinks },
): TMailContent {
  const { firstName, newEmail, minutes, event, links } = input;
  if (language === 'en') {
    return securityMail('en', {
      firstName,
      subject: 'A change of the e-mail address of your KC account was requested',
      happened: [
        `Someone signed in to your KC account, with its password, has asked to change its e-mail address to ${newEmail}.`,
        `The address only changes if the link we have sent to ${newEmail} is opened within ${minutes} minutes.`,
      ],
      event,
      links,
      ifNotYou: [
        `If it was not you, someone knows your password. Choose a new one at once with the link below: setting a new password cancels this request and closes every open session of your account. Then, if you have not yet done so, add a second factor from your account’s security page (${links.security}).`,
      ],
    });
  }
  return securityMail('es', {
    firstName,
    subject: 'Se ha solicitado cambiar el correo electrónico de su cuenta de KC',
    happened: [
      `Alguien que ha accedido a su cuenta de KC con su contraseña ha solicitado cambiar su correo electrónico por ${newEmail}.`,
      `El correo solo cambiará si se abre, en los próximos ${minutes} minutos, el enlace que hemos enviado a ${newEmail}.`,
    ],
    event,
    links,
    ifNotYou: [
      `Si no ha sido usted, alguien conoce su contraseña. Elija una nueva cuanto antes con el enlace siguiente: al establecerla se anula esta solicitud y se cierran todas las sesiones abiertas de su cuenta. Después, si aún no lo ha hecho, añada un segundo factor desde la página de seguridad de su cuenta (${links.security}).`,
    ],
  });
}

/**
 * To the OLD address once the change is confirmed: when and from where the link was opened. A new
 * password would not help (its link now goes to the new address): the advice is to contact us.
 */
export function emailChangedMail(
  language: TLanguage,
  input: { firstName: string; newEmail: string; event: TSecurityEvent; links: TSecurityLinks; contactLink: string },
): TMailContent {
  const { firstName, newEmail, event, links } = input;
  if (language === 'en') {
    return securityMail('en', {
      firstName,
      subject: 'The e-mail address of your KC account has changed',
      happened: [
        `The e-mail address of your KC account was changed to ${newEmail}. From now on, sign in and receive our messages at that address; every other open session of your account was closed.`,
        'This is the last message we send to this address about your account.',
      ],
      event,
      links,
      ifNotYou: ['If you did not make this change, contact us at once with the link below so that we can secure your account.'],
      link: { href: input.contactLink, label: 'Contact KC' },
    });
  }
  return securityMail('es', {
    firstName,
    subject: 'El correo electrónico de su cuenta de KC ha cambiado',
    happened: [
      `El correo electrónico de su cuenta de KC se ha cambiado por ${newEmail}. A partir de ahora, acceda y reciba nuestros mensajes en esa dirección; se han cerrado las demás sesiones abiertas de su cuenta.`,
      'Este es el último mensaje sobre su cuenta que enviamos a esta dirección.',
    ],
    event,
    links,
    ifNotYou: ['Si no ha hecho usted este cambio, póngase en contacto con nosotros de inmediato con el enlace siguiente para que podamos proteger su cuenta.'],
    link: { href: input.contactLink, label: 'Contactar con KC' },
  });
}
