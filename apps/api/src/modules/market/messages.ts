import { addApiMessages } from '../../lib/messages.ts';

/** What the market may answer (issue 18, decision 0034), in both languages. */
addApiMessages({
  es: {
    unitsAlreadySold: {
      title: 'Participaciones ya vendidas',
      detail: 'Esta anulación retiraría {{change}} participaciones del contrato, que solo conserva {{held}}: el resto se vendió en el tablón de KC y pertenece ya a otro inversor. No se puede anular el pago; regularice el importe con el inversor por otra vía.',
    },
    unitsOnOffer: {
      title: 'Participaciones en venta',
      detail: 'El contrato tiene {{onOffer}} participaciones en venta en el tablón de KC y, con esta anulación, le quedarían {{left}}. No se puede anular mientras la oferta las reserve: el inversor debe modificarla o retirarla antes.',
    },
    noReferencePrice: {
      title: 'Sin valor de referencia',
      detail: 'Todavía no se ha publicado ningún valor liquidativo de KC, así que no se puede fijar la banda de precios. Podrá ofrecer participaciones cuando se publique el primero.',
    },
    contractNotActive: {
      title: 'Contrato no activo',
      detail: 'Solo se pueden ofrecer participaciones de un contrato activo.',
    },
    notEnoughUnits: {
      title: 'Participaciones insuficientes',
      detail: 'Su contrato tiene {{available}} participaciones disponibles (las que ya están en otras ofertas abiertas no cuentan). Ofrezca como máximo esa cantidad.',
    },
    priceOutOfBand: {
      title: 'Precio fuera de la banda',
      detail: 'El precio debe estar entre {{min}} € y {{max}} € por participación (±10 % del último valor liquidativo publicado, ambos extremos incluidos).',
    },
    validityOutOfRange: {
      title: 'Validez no admitida',
      detail: 'Una oferta puede estar abierta de 1 a 90 días naturales.',
    },
    tradeTooSmall: {
      title: 'Importe demasiado pequeño',
      detail: 'Cada operación debe sumar al menos {{min}} €, salvo que compre todas las participaciones que quedan en la oferta.',
    },
    ownOffer: {
      title: 'Oferta propia',
      detail: 'No puede comprar participaciones de su propia oferta.',
    },
    offerNotEnoughUnits: {
      title: 'No quedan tantas participaciones',
      detail: 'A esta oferta le quedan {{remaining}} participaciones. Compre esa cantidad o menos.',
    },
    offerClosed: {
      title: 'Oferta cerrada',
      detail: 'Esta oferta ya no está abierta: se ha vendido, retirado o ha caducado, o su precio ha quedado fuera de la banda vigente. Elija otra en el tablón.',
    },
    offerChanged: {
      title: 'La oferta ha cambiado',
      detail: 'El vendedor ha cambiado el precio de esta oferta mientras usted compraba. No se ha comprado nada: revise la oferta y vuelva a intentarlo.',
    },
    offerNotFound: { title: 'Oferta no encontrada', detail: 'No existe ninguna oferta con esa referencia.' },
    marketContractNotFound: { title: 'Contrato no encontrado', detail: 'No tiene ningún contrato con esa referencia.' },
    buyKeyReused: {
      title: 'Clave de idempotencia reutilizada',
      detail: 'Esta clave de idempotencia ya se usó para otra compra. Use una clave nueva para cada compra distinta.',
    },
    buyInProgress: {
      title: 'Compra en curso',
      detail: 'Ya estamos procesando una compra con esta misma clave. Espere unos segundos y consulte sus operaciones antes de volver a intentarlo.',
    },
    payoutContractNotFound: { title: 'Contrato no encontrado', detail: 'No hay ningún contrato con ventas en el tablón con esa referencia.' },
    payoutMoreThanOwed: {
      title: 'Importe superior a lo pendiente',
      detail: 'A este vendedor se le deben {{owed}}. Registre como máximo ese importe; no se ha registrado nada.',
    },
    payoutKeyReused: {
      title: 'Clave de idempotencia reutilizada',
      detail: 'Esta clave de idempotencia ya se usó para otro pago. Use una clave nueva para cada pago distinto.',
    },
  },
  en: {
    unitsAlreadySold: {
      title: 'Units already sold',
      detail: 'This reversal would take {{change}} units from the contract, which holds only {{held}}: the rest were sold on the KC bulletin board and now belong to another investor. The payment cannot be reversed; settle the amount with the investor another way.',
    },
    unitsOnOffer: {
      title: 'Units on offer',
      detail: 'The contract has {{onOffer}} units on offer on the KC bulletin board and would be left with {{left}} after this reversal. It cannot be reversed while the offer holds them: the investor must change or withdraw the offer first.',
    },
    noReferencePrice: {
      title: 'No reference price',
      detail: 'No KC net asset value has been published yet, so there is no price band. You can offer units once the first one is published.',
    },
    contractNotActive: {
      title: 'Contract not active',
      detail: 'Only units of an active contract can be offered.',
    },
    notEnoughUnits: {
      title: 'Not enough units',
      detail: 'Your contract has {{available}} units available (units already on other open offers do not count). Offer that many at most.',
    },
    priceOutOfBand: {
      title: 'Price outside the band',
      detail: 'The price must be between €{{min}} and €{{max}} per unit (±10% of the last published net asset value, both ends included).',
    },
    validityOutOfRange: {
      title: 'Validity not allowed',
      detail: 'An offer can stay open for 1 to 90 calendar days.',
    },
    tradeTooSmall: {
      title: 'Amount too small',
      detail: 'Each trade must be worth at least €{{min}}, unless you buy all the units left on the offer.',
    },
    ownOffer: {
      title: 'Your own offer',
      detail: 'You cannot buy units from your own offer.',
    },
    offerNotEnoughUnits: {
      title: 'Not that many units left',
      detail: 'This offer has {{remaining}} units left. Buy that many or fewer.',
    },
    offerClosed: {
      title: 'Offer closed',
      detail: 'This offer is no longer open: it sold out, was withdrawn or expired, or its price is now outside the current band. Choose another one on the bulletin board.',
    },
    offerChanged: {
      title: 'The offer has changed',
      detail: 'The seller changed the price of this offer while you were buying. Nothing was bought: review the offer and try again.',
    },
    offerNotFound: { title: 'Offer not found', detail: 'There is no offer with that reference.' },
    marketContractNotFound: { title: 'Contract not found', detail: 'You have no contract with that reference.' },
    buyKeyReused: {
      title: 'Idempotency key reused',
      detail: 'This idempotency key was already used for another purchase. Use a new key for each different purchase.',
    },
    buyInProgress: {
      title: 'Purchase in progress',
      detail: 'We are already processing a purchase with this same key. Wait a few seconds and check your trades before trying again.',
    },
    payoutContractNotFound: { title: 'Contract not found', detail: 'There is no contract with bulletin board sales with that reference.' },
    payoutMoreThanOwed: {
      title: 'More than is owed',
      detail: 'This seller is owed {{owed}}. Record that amount at most; nothing was recorded.',
    },
    payoutKeyReused: {
      title: 'Idempotency key reused',
      detail: 'This idempotency key was already used for another payout. Use a new key for each different payout.',
    },
  },
});
