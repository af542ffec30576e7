import { addApiMessages } from '../../lib/messages.ts';

/** What the documents' endpoints may answer, in both languages. */
addApiMessages({
  es: {
    documentNotFound: { title: 'Documento no encontrado', detail: 'El documento no existe o no tiene acceso a él.' },
  },
  en: {
    documentNotFound: { title: 'Document not found', detail: 'The document does not exist or you have no access to it.' },
  },
});
