import { WEB_BASE, paths, type TLanguage } from '@kc/domain';
import { deviceFamilyOf, deviceLabel, displayAddress, type TClient } from './client-device.ts';
import { render, type TMailContent } from './mail-layout.ts';

/**
 * The mails that tell a person about a change to how their account is reached (a new password, a
 * sign-in from a new device, a second factor, recovery codes, the e-mail): each one says what
 * happened, when (Madrid time), from where (the address and the browser), and what to do if it
 * was not them. Never a token, a code or a password.
 */

/** When and from where it happened. */
export interface TSecurityEvent {
  at: Date;
  client: TClient;
}

/** The links such a mail offers, absolute (built from PUBLIC_URL). */
export interface TSecurityLinks {
  forgotPassword: string;
  security: string;
}

export function securityLinks(publicUrl: string): TSecurityLinks {
  const base = `${publicUrl.replace(/\/+$/, '')}${WEB_BASE}`;
  return { forgotPassword: `${base}${paths.forgotPassword.href()}`, security: `${base}${paths.accountSecurity.href()}` };
}

const madridDay = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Madrid' });
const madridTime = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Madrid', hourCycle: 'h23' });

/** The calendar day (dd/mm/yyyy) and the time (HH:mm) on Madrid's wall clock. */
export function madridDayAndTime(at: Date): { day: string; time: string } {
  return { day: madridDay.format(at), time: madridTime.format(at) };
}

/** "On 29/11/2026 at 06:35 Madrid time, from Chrome on Windows (IP address 203.0.113.7)." */
export function whenAndWhere(language: TLanguage, event: TSecurityEvent): string {
  const { day, time } = madridDayAndTime(event.at);
  const device = deviceLabel(language, deviceFamilyOf(event.client.userAgent));
  const address = displayAddress(event.client.address);
  if (language === 'en') {
    return `When: ${day} at ${time} Madrid time. From: ${device}, ${address ? `IP address ${address}` : 'unknown IP address'}.`;
  }
  return `Cuándo: el ${day} a las ${time}, hora de Madrid. Desde: ${device}, ${address ? `dirección IP ${address}` : 'dirección IP desconocida'}.`;
}

const TEXT = {
  es: {
    greeting: (name: string) => `Hola, ${name}:`,
    itWasYou: 'Si ha sido usted, no tiene que hacer nada más.',
    notYou: (security: string) =>
      `Si no ha sido usted, alguien puede haber accedido a su cuenta. Elija cuanto antes una contraseña nueva con el enlace siguiente: al establecerla se cerrarán todas las sesiones abiertas de su cuenta. Después, revise sus segundos factores en la página de seguridad de su cuenta (${security}) y póngase en contacto con nosotros.`,
    button: 'Elegir una contraseña nueva',
    signature: 'El equipo de KC',
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    itWasYou: 'If it was you, you do not need to do anything else.',
    notYou: (security: string) =>
      `If it was not you, someone may have access to your account. Choose a new password at once with the link below: setting it closes every open session of your account. Then review your second factors on your account’s security page (${security}) and contact us.`,
    button: 'Choose a new password',
    signature: 'The KC team',
  },
} as const;

/**
 * A security mail in the person's language: the greeting, what happened, when and from where,
 * what to do, and the forgotten-password page as its button. `ifNotYou` replaces the usual advice
 * when the event calls for another (`link` then replaces the button).
 */
export function securityMail(
  language: TLanguage,
  input: {
    firstName: string;
    subject: string;
    happened: readonly string[];
    event: TSecurityEvent;
    links: TSecurityLinks;
    ifNotYou?: readonly string[];
    link?: { href: string; label: string };
  },
): TMailContent {
  const text = TEXT[language];
  return {
    subject: input.subject,
    ...render(
      [
        text.greeting(input.firstName),
        ...input.happened,
        whenAndWhere(language, input.event),
        text.itWasYou,
        ...(input.ifNotYou ?? [text.notYou(input.links.security)]),
      ],
      input.link ?? { href: input.links.forgotPassword, label: text.button },
      text.signature,
    ),
  };
}
