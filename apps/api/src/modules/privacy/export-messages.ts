import { addApiMessages } from '../../lib/messages.ts';

/** What the personal data export may answer (issue 16, part export), in both languages. */
addApiMessages({
  es: {
    privacyExportRateLimited: {
      title: 'Demasiadas descargas',
      detail: 'Ha descargado sus datos muchas veces en poco tiempo. Podrá volver a hacerlo dentro de {{minutes}} minutos.',
    },
  },
  en: {
    privacyExportRateLimited: {
      title: 'Too many downloads',
      detail: 'You have downloaded your data many times in a short while. You can do it again in {{minutes}} minutes.',
    },
  },
});
