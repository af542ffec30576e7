import { RECOVERY_CODE_COUNT, type TLanguage } from '@kc/domain';
import type { TMailContent } from '../../lib/mail-layout.ts';
import { securityMail, type TSecurityEvent, type TSecurityLinks } from '../../lib/security-mail.ts';

/**
 * Strong authentication's mails (issue 18), in the recipient's language: each change of a
 * second factor, each new set of recovery codes and each use of a recovery code is told to the
 * person, with when and from where, so that one they did not make is noticed.
 */
export type TFactorMail = 'enrolled' | 'removed' | 'recoveryCodeUsed' | 'recoveryCodesRegenerated';

const TEXT: Record<TLanguage, Record<TFactorMail, { subject: string; body: (left: number) => string[] }>> = {
  es: {
    enrolled: {
      subject: 'Ha activado la verificación en dos pasos en KC',
      body: () => [
        'Se acaba de añadir un segundo factor de autenticación a su cuenta de KC. A partir de ahora, al iniciar sesión y antes de las operaciones importantes le pediremos también un código de su aplicación de autenticación o su llave de acceso.',
        'Guarde sus códigos de recuperación en un lugar seguro: le permitirán entrar si pierde el teléfono.',
      ],
    },
    removed: {
      subject: 'Se ha eliminado un segundo factor de su cuenta de KC',
      body: () => ['Se ha eliminado un segundo factor de autenticación de su cuenta de KC.'],
    },
    recoveryCodeUsed: {
      subject: 'Se ha usado un código de recuperación de su cuenta de KC',
      body: (left) => [
        `Se acaba de usar uno de sus códigos de recuperación para confirmar su identidad en KC. ${left === 1 ? 'Le queda 1 sin usar' : `Le quedan ${left} sin usar`}; cada código solo sirve una vez.`,
        'Si ha perdido el teléfono, active de nuevo su aplicación de autenticación y genere códigos nuevos desde «Seguridad» en su cuenta.',
      ],
    },
    recoveryCodesRegenerated: {
      subject: 'Se han generado nuevos códigos de recuperación de su cuenta de KC',
      body: () => [
        `Se han generado ${RECOVERY_CODE_COUNT} códigos de recuperación nuevos para su cuenta de KC. Los anteriores, usados o no, han dejado de servir.`,
        'Guarde los nuevos en un lugar seguro: le permitirán entrar si pierde el teléfono.',
      ],
    },
  },
  en: {
    enrolled: {
      subject: 'You have turned on two-step verification on KC',
      body: () => [
        'A second authentication factor has just been added to your KC account. From now on, when you sign in and before important operations, we will also ask for a code from your authenticator app or your passkey.',
        'Keep your recovery codes somewhere safe: they let you in if you lose your phone.',
      ],
    },
    removed: {
      subject: 'A second factor was removed from your KC account',
      body: () => ['A second authentication factor was removed from your KC account.'],
    },
    recoveryCodeUsed: {
      subject: 'A recovery code of your KC account was used',
      body: (left) => [
        `One of your recovery codes was just used to confirm your identity on KC. You have ${left === 1 ? '1 unused code' : `${left} unused codes`} left; each code works only once.`,
        'If you have lost your phone, set up your authenticator app again and generate new codes from “Security” in your account.',
      ],
    },
    recoveryCodesRegenerated: {
      subject: 'New recovery codes were generated for your KC account',
      body: () => [
        `${RECOVERY_CODE_COUNT} new recovery codes were generated for your KC account. The earlier ones, used or not, no longer work.`,
        'Keep the new ones somewhere safe: they let you in if you lose your phone.',
      ],
    },
  },
};

export function secondFactorMail(
  language: TLanguage,
  kind: TFactorMail,
  input: { firstName: string; event: TSecurityEvent; links: TSecurityLinks; codesLeft?: number },
): TMailContent {
  const text = TEXT[language][kind];
  return securityMail(language, { firstName: input.firstName, subject: text.subject, happened: text.body(input.codesLeft ?? 0), event: input.event, links: input.links });
}
