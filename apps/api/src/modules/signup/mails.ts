import type { TLanguage, TSignUpRole } from '@kc/domain';
import { render, type TMailContent } from '../../lib/mail-layout.ts';

/** The accounts mails, in the recipient's language, as text and HTML. */
export type { TMailContent };

const ROLE_NAMES: Record<TLanguage, Record<TSignUpRole, string>> = {
  es: { INVESTOR: 'inversor', AGENT: 'comercial', SUPPLIER: 'minero', OWNER: 'propietario' },
  en: { INVESTOR: 'investor', AGENT: 'sales agent', SUPPLIER: 'miner', OWNER: 'owner' },
};

export function confirmationMail(language: TLanguage, input: { firstName: string; role: TSignUpRole; link: string; days: number }): TMailContent {
  if (language === 'en') {
    return {
      subject: 'Confirm your KC registration',
      ...render(
        [
          `Hello ${input.firstName},`,
          `Thank you for registering with KC as ${ROLE_NAMES.en[input.role]}. To activate your account, confirm your e-mail address with the link below. The link works once and expires in ${input.days} days.`,
          'If you did not register, you can ignore this message.',
        ],
        { href: input.link, label: 'Confirm my registration' },
        'The KC team',
      ),
    };
  }
  return {
    subject: 'Confirme su registro en KC',
    ...render(
      [
        `Hola, ${input.firstName}:`,
        `Gracias por registrarse en KC como ${ROLE_NAMES.es[input.role]}. Para activar su cuenta, confirme su dirección de correo electrónico con el enlace siguiente. El enlace solo puede usarse una vez y caduca en ${input.days} días.`,
        'Si usted no se ha registrado, puede ignorar este mensaje.',
      ],
      { href: input.link, label: 'Confirmar mi registro' },
      'El equipo de KC',
    ),
  };
}

export function welcomeMail(
  language: TLanguage,
  input: { firstName: string; loginLink: string; advisor: { firstName: string; lastName: string; email: string } | null },
): TMailContent {
  if (language === 'en') {
    return {
      subject: 'Your KC account is confirmed',
      ...render(
        [
          `Hello ${input.firstName},`,
          'Your registration is confirmed and you can now log in.',
          ...(input.advisor
            ? [`Your financial advisor is ${input.advisor.firstName} ${input.advisor.lastName} (${input.advisor.email}), who will contact you shortly.`]
            : []),
        ],
        { href: input.loginLink, label: 'Log in' },
        'The KC team',
      ),
    };
  }
  return {
    subject: 'Su cuenta de KC está confirmada',
    ...render(
      [
        `Hola, ${input.firstName}:`,
        'Su registro está confirmado y ya puede iniciar sesión.',
        ...(input.advisor
          ? [`Su asesor financiero es ${input.advisor.firstName} ${input.advisor.lastName} (${input.advisor.email}), que se pondrá en contacto con usted en breve.`]
          : []),
      ],
      { href: input.loginLink, label: 'Iniciar sesión' },
      'El equipo de KC',
    ),
  };
}

export function advisorAssignedMail(
  language: TLanguage,
  input: { advisorFirstName: string; client: { firstName: string; lastName: string; email: string } },
): TMailContent {
  if (language === 'en') {
    return {
      subject: 'A new client has been assigned to you',
      ...render(
        [
          `Hello ${input.advisorFirstName},`,
          `${input.client.firstName} ${input.client.lastName} (${input.client.email}) has just confirmed their registration as an investor and has been assigned to you. Please contact them within 24 hours.`,
        ],
        undefined,
        'The KC team',
      ),
    };
  }
  return {
    subject: 'Se le ha asignado un nuevo cliente',
    ...render(
      [
        `Hola, ${input.advisorFirstName}:`,
        `${input.client.firstName} ${input.client.lastName} (${input.client.email}) acaba de confirmar su registro como inversor y se le ha asignado a usted. Póngase en contacto con este cliente en las próximas 24 horas.`,
      ],
      undefined,
      'El equipo de KC',
    ),
  };
}
