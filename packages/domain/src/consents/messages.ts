/** The `consents.errors.*` messages of the schemas, in both languages. */
export const consentMessages = {
  es: {
    errors: {
      purpose: 'Solo puede cambiar desde aquí las cookies y las comunicaciones comerciales',
      textVersion: 'Indique la versión del texto que ha leído',
      source: 'Origen del consentimiento no válido',
    },
  },
  en: {
    errors: {
      purpose: 'Only cookies and marketing communications can be changed here',
      textVersion: 'Give the version of the text you have read',
      source: 'Invalid consent source',
    },
  },
} as const;
