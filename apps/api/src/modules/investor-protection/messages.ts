import { addApiMessages } from '../../lib/messages.ts';

/** What investor protection may answer (issue 16, helper kis), in both languages. */
addApiMessages({
  es: {
    keyInfoSheetRequired: {
      title: 'Falta la ficha de datos fundamentales',
      detail: 'Antes de contratar, lea la ficha de datos fundamentales del plan (versión {{version}}) y marque que la ha leído.',
    },
    keyInfoSheetUnknown: {
      title: 'Ficha de datos fundamentales desactualizada',
      detail: 'La ficha que aceptó no es la vigente. Lea la versión {{version}} y vuelva a marcar que la ha leído.',
    },
    appropriatenessRequired: {
      title: 'Falta el test de conveniencia',
      detail: 'Antes de su primera contratación, responda al test de conocimientos y a la simulación de capacidad para soportar pérdidas.',
    },
    appropriatenessExpired: {
      title: 'Test de conveniencia caducado',
      detail: 'Su último test tiene más de {{years}} años. Vuelva a responderlo antes de contratar.',
    },
    riskWarningNotAcknowledged: {
      title: 'Advertencia de riesgo sin confirmar',
      detail: 'Esta contratación muestra una advertencia de riesgo. Léala y confirme que la entiende antes de contratar.',
    },
    appropriatenessSelfOnly: {
      title: 'Test personal',
      detail: 'Solo el propio inversor puede responder a su test de conveniencia.',
    },
    keyInfoSheetNotFound: { title: 'Ficha no encontrada', detail: 'No existe ninguna ficha de datos fundamentales para ese plan.' },
  },
  en: {
    keyInfoSheetRequired: {
      title: 'Key information sheet missing',
      detail: "Before you hire, read the plan's key information sheet (version {{version}}) and tick that you have read it.",
    },
    keyInfoSheetUnknown: {
      title: 'Key information sheet out of date',
      detail: 'The sheet you accepted is not the one in force. Read version {{version}} and tick again that you have read it.',
    },
    appropriatenessRequired: {
      title: 'Appropriateness test missing',
      detail: 'Before your first hire, answer the knowledge test and the loss-bearing simulation.',
    },
    appropriatenessExpired: {
      title: 'Appropriateness test out of date',
      detail: 'Your last test is more than {{years}} years old. Take it again before you hire.',
    },
    riskWarningNotAcknowledged: {
      title: 'Risk warning not acknowledged',
      detail: 'This hire shows a risk warning. Read it and confirm that you understand it before you hire.',
    },
    appropriatenessSelfOnly: {
      title: 'Personal test',
      detail: 'Only the investor can answer their own appropriateness test.',
    },
    keyInfoSheetNotFound: { title: 'Sheet not found', detail: 'There is no key information sheet for that plan.' },
  },
});
