import { formatDate, type TApplicationStatus } from '@kc/domain';
import type { TNewMail } from '../mail/outbox-repository.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface TSentApplication {
  companyId: string;
  language: 'es' | 'en';
  offerTitle: string;
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  cv: { fileName: string; size: number } | null;
  updated: boolean;
  withdrawUrl: string;
  withdrawUntil: Date;
}

const kb = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;

/** To the candidate: what they sent (never the CV itself) and the one-time withdrawal link. */
export function applicationReceivedMail(a: TSentApplication): TNewMail {
  const until = formatDate(a.withdrawUntil);
  const lines =
    a.language === 'es'
      ? [
          `Hola, ${a.firstName}:`,
          a.updated
            ? `Hemos actualizado su candidatura a la oferta «${a.offerTitle}» (${a.companyName}) con los datos que acaba de confirmar. Solo guardamos una candidatura por correo electrónico y oferta.`
            : `Hemos recibido su candidatura a la oferta «${a.offerTitle}» (${a.companyName}).`,
          `Estos son los datos que nos ha enviado: nombre, ${a.firstName}; apellidos, ${a.lastName}; teléfono, ${a.phone}; correo electrónico, ${a.email}; currículum, ${a.cv ? `${a.cv.fileName} (${kb(a.cv.size)})` : 'no adjunto'}. Aceptó el aviso de protección de datos al enviarla.`,
          `Si quiere retirar la candidatura y que borremos sus datos, use este enlace (una sola vez, hasta el ${until}): ${a.withdrawUrl}`,
          'Si no ha enviado usted esta candidatura, use el mismo enlace para borrarla.',
        ]
      : [
          `Hello ${a.firstName},`,
          a.updated
            ? `We have updated your application for “${a.offerTitle}” (${a.companyName}) with the details you have just confirmed. We keep one application per e-mail address and offer.`
            : `We have received your application for “${a.offerTitle}” (${a.companyName}).`,
          `These are the details you sent: first name, ${a.firstName}; last name, ${a.lastName}; phone, ${a.phone}; e-mail, ${a.email}; CV, ${a.cv ? `${a.cv.fileName} (${kb(a.cv.size)})` : 'none attached'}. You accepted the data-protection notice when you sent it.`,
          `To withdraw your application and have your data erased, use this link (once, until ${until}): ${a.withdrawUrl}`,
          'If you did not send this application, use the same link to erase it.',
        ];
  return {
    companyId: a.companyId,
    to: a.email,
    subject:
      a.language === 'es'
        ? `${a.updated ? 'Candidatura actualizada' : 'Candidatura recibida'}: ${a.offerTitle}`
        : `${a.updated ? 'Application updated' : 'Application received'}: ${a.offerTitle}`,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}

/** What a repeat application would change, field by field (the CV by its name and size only). */
export interface TPendingChanges {
  firstName?: { from: string; to: string };
  lastName?: { from: string; to: string };
  phone?: { from: string; to: string };
  cv?: { from: { fileName: string; size: number } | null; to: { fileName: string; size: number } };
}

/** Madrid's wall clock (the candidate reads it in Spain's time). */
const timeOf = (at: Date) => new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Madrid', hourCycle: 'h23' }).format(at);

/**
 * To the address on file of a live application, when a new one to the same offer arrives with it:
 * nothing changed yet; what would change (never the CV itself) and the one-time link that applies it.
 */
export function applicationChangesMail(a: {
  companyId: string;
  language: 'es' | 'en';
  to: string;
  firstName: string;
  offerTitle: string;
  companyName: string;
  changes: TPendingChanges;
  confirmUrl: string;
  confirmUntil: Date;
  hours: number;
}): TNewMail {
  const day = formatDate(a.confirmUntil);
  const time = timeOf(a.confirmUntil);
  const c = a.changes;
  const es = a.language === 'es';
  const file = (cv: { fileName: string; size: number } | null) => (cv ? `${cv.fileName} (${kb(cv.size)})` : es ? 'ninguno' : 'none');
  const items = [
    c.firstName && (es ? `nombre: «${c.firstName.from}» pasaría a «${c.firstName.to}»` : `first name: “${c.firstName.from}” would become “${c.firstName.to}”`),
    c.lastName && (es ? `apellidos: «${c.lastName.from}» pasarían a «${c.lastName.to}»` : `last name: “${c.lastName.from}” would become “${c.lastName.to}”`),
    c.phone && (es ? `teléfono: ${c.phone.from} pasaría a ${c.phone.to}` : `phone: ${c.phone.from} would become ${c.phone.to}`),
    c.cv && (es ? `currículum: ${file(c.cv.from)} se sustituiría por ${file(c.cv.to)}` : `CV: ${file(c.cv.from)} would be replaced by ${file(c.cv.to)}`),
  ].filter((item): item is string => Boolean(item));
  const lines = es
    ? [
        `Hola, ${a.firstName}:`,
        `Hemos recibido una nueva candidatura a la oferta «${a.offerTitle}» (${a.companyName}) con este correo electrónico. Como ya tiene una candidatura a esta oferta, no hemos cambiado nada: el equipo de selección sigue viendo sus datos como estaban.`,
        items.length > 0
          ? `Si la confirma, estos serán los cambios: ${items.join('; ')}.`
          : 'Los datos son los mismos que ya teníamos: si la confirma, solo renovaremos su aceptación del aviso de protección de datos y el enlace para retirar la candidatura.',
        `Para aplicar los cambios, use este enlace (una sola vez, durante ${a.hours} horas: hasta las ${time}, hora de Madrid, del ${day}): ${a.confirmUrl}`,
        'Si no ha enviado usted esta candidatura, no haga nada: el enlace caducará y su candidatura seguirá como está.',
      ]
    : [
        `Hello ${a.firstName},`,
        `We have received a new application for “${a.offerTitle}” (${a.companyName}) with this e-mail address. As you already have an application for this job, we have changed nothing: the recruiting team still sees your details as they were.`,
        items.length > 0
          ? `If you confirm it, these will be the changes: ${items.join('; ')}.`
          : 'The details are the same as those we already had: if you confirm it, we will only renew your acceptance of the data-protection notice and the link to withdraw your application.',
        `To apply the changes, use this link (once, within ${a.hours} hours: until ${time} Madrid time on ${day}): ${a.confirmUrl}`,
        'If you did not send this application, do nothing: the link will expire and your application will stay as it is.',
      ];
  return {
    companyId: a.companyId,
    to: a.to,
    subject: es ? `Confirme los cambios en su candidatura: ${a.offerTitle}` : `Confirm the changes to your application: ${a.offerTitle}`,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}

const STATUS_TEXT: Record<'es' | 'en', Partial<Record<TApplicationStatus, string>>> = {
  es: {
    INTERVIEW: 'Nos gustaría conocerle: la persona responsable de la selección se pondrá en contacto con usted para concertar una entrevista.',
    REJECTED: 'Tras revisarla con atención, hemos decidido no seguir adelante con su candidatura en este proceso. Gracias por su interés.',
    HIRED: '¡Enhorabuena! Ha sido seleccionado para el puesto. La persona responsable le escribirá con los siguientes pasos.',
  },
  en: {
    INTERVIEW: 'We would like to meet you: the recruiter will contact you to arrange an interview.',
    REJECTED: 'After careful review, we have decided not to go ahead with your application in this process. Thank you for your interest.',
    HIRED: 'Congratulations! You have been selected for the job. The recruiter will write to you with the next steps.',
  },
};

/** To the candidate, when their application moves to a status that concerns them. */
export function applicationStatusMail(a: { companyId: string; language: 'es' | 'en'; email: string; firstName: string; offerTitle: string; status: TApplicationStatus }): TNewMail {
  const lines =
    a.language === 'es'
      ? [`Hola, ${a.firstName}:`, `Le escribimos sobre su candidatura a la oferta «${a.offerTitle}».`, STATUS_TEXT.es[a.status] ?? '']
      : [`Hello ${a.firstName},`, `We are writing about your application for “${a.offerTitle}”.`, STATUS_TEXT.en[a.status] ?? ''];
  return {
    companyId: a.companyId,
    to: a.email,
    subject: a.language === 'es' ? `Su candidatura: ${a.offerTitle}` : `Your application: ${a.offerTitle}`,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}
