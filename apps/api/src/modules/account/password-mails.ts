import type { TLanguage } from '@kc/domain';
import type { TMailContent } from '../../lib/mail-layout.ts';
import { securityMail, type TSecurityEvent, type TSecurityLinks } from '../../lib/security-mail.ts';

/** To the person once their password is changed from the account page: when, from where, what to do if it was not them. */
export function passwordChangedMail(language: TLanguage, input: { firstName: string; event: TSecurityEvent; links: TSecurityLinks }): TMailContent {
  const { firstName, event, links } = input;
  if (language === 'en') {
    return securityMail('en', {
      firstName,
      subject: 'The password of your KC account has changed',
      happened: ['The password of your KC account was changed from your account page. Every other open session of your account was closed.'],
      event,
      links,
    });
  }
  return securityMail('es', {
    firstName,
    subject: 'Se ha cambiado la contraseña de su cuenta de KC',
    happened: ['Se ha cambiado la contraseña de su cuenta de KC desde la página de su cuenta. Se han cerrado las demás sesiones abiertas de su cuenta.'],
    event,
    links,
  });
}
