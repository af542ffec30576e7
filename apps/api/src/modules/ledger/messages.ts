import { addApiMessages } from '../../lib/messages.ts';

/** What the money ledger's endpoints may answer, in both languages. */
addApiMessages({
  es: {
    priceDateTaken: {
      title: 'Valor ya publicado',
      detail: 'Ya hay un valor liquidativo publicado con fecha valor {{date}}. Un valor publicado no se modifica: las aportaciones ya se han valorado con él.',
    },
    noPublishedPrice: {
      title: 'Sin valor liquidativo publicado',
      detail: 'No hay ningún valor liquidativo publicado con fecha valor {{date}} o anterior, así que no se pueden calcular las participaciones. Publique primero el valor de esa fecha.',
    },
    contractNotPayable: {
      title: 'Contrato sin aportaciones',
      detail: 'No se pueden registrar aportaciones en un contrato en estado {{state}}.',
    },
    paymentReferenceTaken: {
      title: 'Referencia ya utilizada',
      detail: 'Ya existe otra aportación registrada con la referencia «{{reference}}» y datos distintos. Compruebe la referencia del justificante.',
    },
    journalNotFound: { title: 'Asiento no encontrado', detail: 'El asiento contable no existe o no tiene acceso a él.' },
    journalIsTrade: {
      title: 'Operación del tablón',
      detail: 'Este asiento registra una compraventa entre inversores en el tablón de KC y no se puede anular por sí solo: la operación, el contrato del comprador y la oferta dejarían de cuadrar con el libro.',
    },
    journalIsPayout: {
      title: 'Pago a un vendedor',
      detail: 'Este asiento registra un pago a un vendedor del tablón de KC y no se puede anular por sí solo: el pago registrado seguiría constando como hecho.',
    },
    journalIsReversal: {
      title: 'Asiento de anulación',
      detail: 'Este asiento ya es una anulación y no se puede anular. Si hace falta, registre de nuevo la operación correcta.',
    },
    journalAlreadyReversed: {
      title: 'Asiento ya anulado',
      detail: 'Este asiento ya se anuló con el asiento {{journalId}}.',
    },
  },
  en: {
    priceDateTaken: {
      title: 'Price already published',
      detail: 'A net asset value is already published for the value date {{date}}. A published price never changes: payments have already been valued with it.',
    },
    noPublishedPrice: {
      title: 'No published price',
      detail: 'No net asset value is published for the value date {{date}} or earlier, so the units cannot be worked out. Publish the price for that date first.',
    },
    contractNotPayable: {
      title: 'Contract takes no payments',
      detail: 'Payments cannot be recorded for a contract in state {{state}}.',
    },
    paymentReferenceTaken: {
      title: 'Reference already used',
      detail: 'Another payment with different details is already recorded with the reference “{{reference}}”. Check the reference on the receipt.',
    },
    journalNotFound: { title: 'Journal not found', detail: 'The journal entry does not exist or you have no access to it.' },
    journalIsTrade: {
      title: 'Bulletin board trade',
      detail: "This entry records a sale between investors on the KC bulletin board and cannot be reversed on its own: the trade, the buyer's contract and the offer would no longer agree with the ledger.",
    },
    journalIsPayout: {
      title: 'Payout to a seller',
      detail: 'This entry records a payout to a seller on the KC bulletin board and cannot be reversed on its own: the recorded payout would still show as made.',
    },
    journalIsReversal: {
      title: 'Reversing entry',
      detail: 'This entry is itself a reversal and cannot be reversed. If needed, record the correct transaction again.',
    },
    journalAlreadyReversed: {
      title: 'Entry already reversed',
      detail: 'This entry was already reversed by entry {{journalId}}.',
    },
  },
});
