import type { TLanguage } from '@kc/domain';
import { render, type TMailContent } from '../../lib/mail-layout.ts';

/** The user administration's mails, in the recipient's language. */

/** A user created by staff: a one-time link to choose a password. */
export function setPasswordMail(language: TLanguage, input: { firstName: string; link: string; hours: number }): TMailContent {
  if (language === 'en') {
    return {
      subject: 'Your KC account is ready: choose your password',
      ...render(
        [
          `Hello ${input.firstName},`,
          'An account has been created for you on KC. To start using it, choose your password with the link below.',
          `The link works once and expires in ${input.hours} hours. If it expires, ask your administrator for a new one.`,
          'If you were not expecting this message, you can ignore it.',
        ],
        { href: input.link, label: 'Choose my password' },
        'The KC team',
      ),
    };
  }
  return {
    subject: 'Su cuenta de KC está lista: elija su contraseña',
    ...render(
      [
        `Hola, ${input.firstName}:`,
        'Se ha creado una cuenta para usted en KC. Para empezar a utilizarla, elija su contraseña con el enlace siguiente.',
        `El enlace solo puede usarse una vez y caduca en ${input.hours} horas. Si caduca, solicite uno nuevo a su administrador.`,
        'Si no esperaba este mensaje, puede ignorarlo.',
      ],
      { href: input.link, label: 'Elegir mi contraseña' },
      'El equipo de KC',
    ),
  };
}

/** A password reset (asked by the person from the login page, or sent by staff). */
export function resetPasswordMail(language: TLanguage, input: { firstName: string; link: string; hours: number }): TMailContent {
  if (language === 'en') {
    return {
      subject: 'Reset your KC password',
      ...render(
        [
          `Hello ${input.firstName},`,
          'We have received a request to reset the password of your KC account. To choose a new one, use the link below.',
          `The link works once and expires in ${input.hours} hours. When you set the new password, every open session of your account will be closed.`,
          'If you did not ask for this, you can ignore this message: your password stays the same.',
        ],
        { href: input.link, label: 'Reset my password' },
        'The KC team',
      ),
    };
  }
  return {
    subject: 'Restablezca su contraseña de KC',
    ...render(
      [
        `Hola, ${input.firstName}:`,
        'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de KC. Para elegir una nueva, utilice el enlace siguiente.',
        `El enlace solo puede usarse una vez y caduca en ${input.hours} horas. Al establecer la nueva contraseña, se cerrarán todas las sesiones abiertas de su cuenta.`,
        'Si no ha solicitado este cambio, puede ignorar este mensaje: su contraseña no cambiará.',
      ],
      { href: input.link, label: 'Restablecer mi contraseña' },
      'El equipo de KC',
    ),
  };
}
