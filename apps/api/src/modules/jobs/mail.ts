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
            ? `Hemos actualizado su candidatura a la oferta «${a.offerTitle}» (${a.companyName}) con los datos que acaba de enviarnos. Solo guardamos una candidatura por correo electrónico y oferta.`
            : `Hemos recibido su candidatura a la oferta «${a.offerTitle}» (${a.companyName}).`,
          `Estos son los datos que nos ha enviado: nombre, ${a.firstName}; apellidos, ${a.lastName}; teléfono, ${a.phone}; correo electrónico, ${a.email}; currículum, ${a.cv ? `${a.cv.fileName} (${kb(a.cv.size)})` : 'no adjunto'}. Aceptó el aviso de protección de datos al enviarla.`,
          `Si quiere retirar la candidatura y que borremos sus datos, use este enlace (una sola vez, hasta el ${until}): ${a.withdrawUrl}`,
          'Si no ha enviado usted esta candidatura, use el mismo enlace para borrarla.',
        ]
      : [
          `Hello ${a.firstName},`,
          a.updated
            ? `We have updated your application for “${a.offerTitle}” (${a.companyName}) with the details you have just sent. We keep one application per e-mail address and offer.`
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
