import type { TLanguage } from '@kc/domain';
import { render, type TMailContent } from '../../lib/mail-layout.ts';

/**
 * Strong authentication's mails (issue 18), in the recipient's language: each change of a
 * second factor and each use of a recovery code is told to the person, so that one they did not
 * make is noticed.
 */
export type TFactorMail = 'enrolled' | 'removed' | 'recoveryCodeUsed';

const TEXT: Record<TLanguage, Record<TFactorMail, { subject: string; body: (left: number) => string[] }>> = {
  es: {
    enrolled: {
      subject: 'Ha activado la verificación en dos pasos en KC',
      body: () => [
        'Acaba de activar un segundo factor de autenticación en su cuenta de KC. A partir de ahora, al iniciar sesión y antes de las operaciones importantes le pediremos también un código de su aplicación de autenticación o su llave de acceso.',
        'Guarde sus códigos de recuperación en un lugar seguro: le permitirán entrar si pierde el teléfono.',
        'Si no ha sido usted, cambie su contraseña de inmediato y póngase en contacto con nosotros.',
      ],
    },
    removed: {
      subject: 'Se ha eliminado un segundo factor de su cuenta de KC',
      body: () => [
        'Se ha eliminado un segundo factor de autenticación de su cuenta de KC.',
        'Si no ha sido usted, cambie su contraseña de inmediato y póngase en contacto con nosotros.',
      ],
    },
    recoveryCodeUsed: {
      subject: 'Se ha usado un código de recuperación de su cuenta de KC',
      body: (left) => [
        `Se acaba de usar uno de sus códigos de recuperación para confirmar su identidad en KC. ${left === 1 ? 'Le queda 1 sin usar' : `Le quedan ${left} sin usar`}; cada código solo sirve una vez.`,
        'Si ha perdido el teléfono, active de nuevo su aplicación de autenticación y genere códigos nuevos desde «Seguridad» en su cuenta.',
        'Si no ha sido usted, cambie su contraseña de inmediato y póngase en contacto con nosotros.',
      ],
    },
  },
  en: {
    enrolled: {
      subject: 'You have turned on two-step verification on KC',
      body: () => [
        'You have just set up a second authentication factor on your KC account. From now on, when you sign in and before important operations, we will also ask for a code from your authenticator app or your passkey.',
        'Keep your recovery codes somewhere safe: they let you in if you lose your phone.',
        'If this was not you, change your password at once and contact us.',
      ],
    },
    removed: {
      subject: 'A second factor was removed from your KC account',
      body: () => ['A second authentication factor was removed from your KC account.', 'If this was not you, change your password at once and contact us.'],
    },
    recoveryCodeUsed: {
      subject: 'A recovery code of your KC account was used',
      body: (left) => [
        `One of your recovery codes was just used to confirm your identity on KC. You have ${left === 1 ? '1 unused code' : `${left} unused codes`} left; each code works only once.`,
        'If you have lost your phone, set up your authenticator app again and generate new codes from “Security” in your account.',
        'If this was not you, change your password at once and contact us.',
      ],
    },
  },
};

export function secondFactorMail(language: TLanguage, kind: TFactorMail, input: { firstName: string; codesLeft?: number }): TMailContent {
  const text = TEXT[language][kind];
  const greeting = language === 'en' ? `Hello ${input.firstName},` : `Hola, ${input.firstName}:`;
  return {
    subject: text.subject,
    ...render([greeting, ...text.body(input.codesLeft ?? 0)], undefined, language === 'en' ? 'The KC team' : 'El equipo de KC'),
  };
}
