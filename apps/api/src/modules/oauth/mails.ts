import type { TLanguage } from '@kc/domain';
import type { TMailContent } from '../../lib/mail-layout.ts';
import { securityMail, type TSecurityEvent, type TSecurityLinks } from '../../lib/security-mail.ts';

/** To the person when their account is signed in to from a device or network it had not used before (docs/decisions/0045). */
export function newDeviceSignInMail(language: TLanguage, input: { firstName: string; event: TSecurityEvent; links: TSecurityLinks }): TMailContent {
  const { firstName, event, links } = input;
  if (language === 'en') {
    return securityMail('en', {
      firstName,
      subject: 'New sign-in to your KC account',
      happened: ['Someone has signed in to your KC account from a device or a network we had not seen before.'],
      event,
      links,
    });
  }
  return securityMail('es', {
    firstName,
    subject: 'Nuevo inicio de sesión en su cuenta de KC',
    happened: ['Se ha iniciado sesión en su cuenta de KC desde un dispositivo o una red que no habíamos visto antes.'],
    event,
    links,
  });
}
