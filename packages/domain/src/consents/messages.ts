/** The `consents.errors.*` messages of the schemas, in both languages. */
export const consentMessages = {
  es: {
    errors: {
      purpose: 'Solo puede cambiar desde aquí las cookies y las comunicaciones comerciales',
      textVersion: 'Indique la versión del texto que ha leído',
      source: 'Origen del consentimiento no válido',
      reason: 'Indique el motivo de la consulta (de 3 a 500 caracteres), por ejemplo la referencia de la reclamación',
    },
  },
  en: {
    errors: {
      purpose: 'Only cookies and marketing communications can be changed here',
      textVersion: 'Give the version of the text you have read',
      source: 'Invalid consent source',
      reason: 'Give the reason for the look-up (3 to 500 characters), e.g. the claim reference',
    },
  },
} as const;
