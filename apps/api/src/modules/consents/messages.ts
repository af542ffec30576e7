import { addApiMessages } from '../../lib/messages.ts';

/** What consent records may answer (issue 16, part consents), in both languages. */
addApiMessages({
  es: {
    consentTextOutdated: {
      title: 'Texto desactualizado',
      detail: 'El texto que ha leído ya no es el vigente. Recargue la página y lea la versión {{version}} antes de elegir.',
    },
    consentNothingToWithdraw: {
      title: 'Nada que retirar',
      detail: 'No tiene un consentimiento otorgado para este fin, así que no hay nada que retirar.',
    },
  },
  en: {
    consentTextOutdated: {
      title: 'Text out of date',
      detail: 'The text you read is no longer the one in force. Reload the page and read version {{version}} before choosing.',
    },
    consentNothingToWithdraw: {
      title: 'Nothing to withdraw',
      detail: 'You have not given consent for this purpose, so there is nothing to withdraw.',
    },
  },
});
