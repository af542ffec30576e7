import { addApiMessages } from '../../lib/messages.ts';

/** What the income endpoints may answer, in both languages. */
addApiMessages({
  es: {
    distributionPeriodTaken: {
      title: 'Periodo ya repartido',
      detail: 'Ya se declaró un reparto para el periodo del {{from}} al {{to}}, que coincide con el indicado. Las rentas de un periodo se reparten una sola vez; no se ha registrado nada.',
    },
    nothingToDistribute: {
      title: 'Nadie a quien repartir',
      detail: 'El {{date}} ningún contrato activo tenía participaciones, así que no hay a quién abonar el reparto. No se ha registrado nada.',
    },
    distributionTooSmall: {
      title: 'Reparto demasiado pequeño',
      detail: 'Con {{amount}} € por participación, el total a repartir no llega a un céntimo. No se ha registrado nada.',
    },
  },
  en: {
    distributionPeriodTaken: {
      title: 'Period already distributed',
      detail: 'A distribution was already declared for the period from {{from}} to {{to}}, which overlaps this one. A period’s income is distributed once; nothing was recorded.',
    },
    nothingToDistribute: {
      title: 'Nobody to distribute to',
      detail: 'No active contract held units on {{date}}, so there is nobody to credit. Nothing was recorded.',
    },
    distributionTooSmall: {
      title: 'Distribution too small',
      detail: 'At €{{amount}} per unit, the total to distribute is less than one cent. Nothing was recorded.',
    },
  },
});
