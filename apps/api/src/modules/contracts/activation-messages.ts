import { addApiMessages } from '../../lib/messages.ts';

/** Activation needs the first payment recorded (issue 15, decision 0019), in both languages. */
addApiMessages({
  es: {
    firstPaymentMissing: {
      title: 'Falta el primer pago',
      detail: 'El contrato no tiene ninguna aportación registrada. Registre primero el pago recibido (o impórtelo con el extracto bancario) y después active el contrato.',
    },
    paymentReferenceNotRecorded: {
      title: 'Referencia de pago desconocida',
      detail: 'La referencia «{{reference}}» no corresponde a ninguna aportación registrada (y no anulada) de este contrato. Elija la referencia de un pago registrado.',
    },
  },
  en: {
    firstPaymentMissing: {
      title: 'First payment missing',
      detail: 'The contract has no recorded payment. Record the payment received first (or import it with the bank statement), then activate the contract.',
    },
    paymentReferenceNotRecorded: {
      title: 'Unknown payment reference',
      detail: 'The reference “{{reference}}” is not the reference of any recorded (and not reversed) payment of this contract. Choose the reference of a recorded payment.',
    },
  },
});
