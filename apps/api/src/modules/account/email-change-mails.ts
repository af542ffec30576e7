import { formatDate, type TLanguage } from '@kc/domain';
import { render, type TMailContent } from '../../lib/mail-layout.ts';

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

/** To the OLD address when the change is asked: what happens, and how to secure the account if it was not them. */
export function emailChangeRequestedMail(
  language: TLanguage,
  input: { firstName: string; newEmail: string; minutes: number; forgotPasswordLink: string },
): TMailContent {
  if (language === 'en') {
    return {
      subject: 'A change of the e-mail address of your KC account was requested',
      ...render(
        [
          `Hello ${input.firstName},`,
          `Someone signed in to your KC account, with its password, has asked to change its e-mail address to ${input.newEmail}.`,
          `The address only changes if the link we have sent to ${input.newEmail} is opened within ${input.minutes} minutes. If it was you, you do not need to do anything else.`,
          'If it was not you, someone knows your password. Choose a new one at once with the link below: setting a new password cancels this request and closes every open session of your account. Then, if you have not yet done so, add a second factor from your account’s security page.',
        ],
        { href: input.forgotPasswordLink, label: 'Choose a new password' },
        'The KC team',
      ),
    };
  }
  return {
    subject: 'Se ha solicitado cambiar el correo electrónico de su cuenta de KC',
    ...render(
      [
        `Hola, ${input.firstName}:`,
        `Alguien que ha accedido a su cuenta de KC con su contraseña ha solicitado cambiar su correo electrónico por ${input.newEmail}.`,
        `El correo solo cambiará si se abre, en los próximos ${input.minutes} minutos, el enlace que hemos enviado a ${input.newEmail}. Si ha sido usted, no tiene que hacer nada más.`,
        'Si no ha sido usted, alguien conoce su contraseña. Elija una nueva cuanto antes con el enlace siguiente: al establecerla se anula esta solicitud y se cierran todas las sesiones abiertas de su cuenta. Después, si aún no lo ha hecho, añada un segundo factor desde la página de seguridad de su cuenta.',
      ],
      { href: input.forgotPasswordLink, label: 'Elegir una contraseña nueva' },
      'El equipo de KC',
    ),
  };
}

/** To the OLD address once the change is confirmed. */
export function emailChangedMail(
  language: TLanguage,
  input: { firstName: string; newEmail: string; changedAt: Date; contactLink: string },
): TMailContent {
  const day = formatDate(input.changedAt);
  const time = timeOf(input.changedAt);
  if (language === 'en') {
    return {
      subject: 'The e-mail address of your KC account has changed',
      ...render(
        [
          `Hello ${input.firstName},`,
          `The e-mail address of your KC account was changed to ${input.newEmail} on ${day} at ${time} Madrid time. From now on, sign in and receive our messages at that address; every other open session of your account was closed.`,
          'This is the last message we send to this address about your account.',
          'If you did not make this change, contact us at once with the link below so that we can secure your account.',
        ],
        { href: input.contactLink, label: 'Contact KC' },
        'The KC team',
      ),
    };
  }
  return {
    subject: 'El correo electrónico de su cuenta de KC ha cambiado',
    ...render(
      [
        `Hola, ${input.firstName}:`,
        `El correo electrónico de su cuenta de KC se cambió por ${input.newEmail} el ${day} a las ${time}, hora de Madrid. A partir de ahora, acceda y reciba nuestros mensajes en esa dirección; se han cerrado las demás sesiones abiertas de su cuenta.`,
        'Este es el último mensaje sobre su cuenta que enviamos a esta dirección.',
        'Si no ha hecho usted este cambio, póngase en contacto con nosotros de inmediato con el enlace siguiente para que podamos proteger su cuenta.',
      ],
      { href: input.contactLink, label: 'Contactar con KC' },
      'El equipo de KC',
    ),
  };
}
