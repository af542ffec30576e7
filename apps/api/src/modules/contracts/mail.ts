import { isHistoryReasonKey, type TArchivableState, type TContractAction } from '@kc/domain';
import type { TNewMail } from '../mail/outbox-repository.ts';

type TLang = 'es' | 'en';
const lang = (value: string): TLang => (value === 'en' ? 'en' : 'es');

const STATE_NAMES: Record<TLang, Record<string, string>> = {
  es: { NEW: 'Nuevo', ACTIVE: 'Activo', STANDBY: 'Suspendido', ARCHIVED: 'Archivado', DELETED: 'Eliminado' },
  en: { NEW: 'New', ACTIVE: 'Active', STANDBY: 'Suspended', ARCHIVED: 'Archived', DELETED: 'Deleted' },
};

/** Recovery says where the contract is back: "definitively activated" only when it comes back ACTIVE (decision 0043). */
const RECOVERY_SENTENCES: Record<TLang, Record<TArchivableState, string>> = {
  es: {
    ACTIVE: 'Su contrato ha sido recuperado y queda activado definitivamente.',
    NEW: 'Su contrato ha sido recuperado y vuelve a estar en estado Nuevo: quedará activo cuando su asesor confirme el primer pago.',
    STANDBY: 'Su contrato ha sido recuperado y sigue suspendido temporalmente, como estaba antes de archivarlo.',
  },
  en: {
    ACTIVE: 'Your contract has been recovered and is now definitively active.',
    NEW: 'Your contract has been recovered and is New again: it will become active once your advisor confirms the first payment.',
    STANDBY: 'Your contract has been recovered and remains temporarily suspended, as it was before you archived it.',
  },
};

const ACTION_SENTENCES: Record<TLang, Record<Exclude<TContractAction, 'recover'>, string>> = {
  es: {
    activate: 'Hemos confirmado su primer pago y su contrato ya está activo.',
    cancel: 'Su contrato ha sido cancelado a petición suya.',
    revoke: 'Ha desistido de su contrato dentro del periodo de reflexión, sin necesidad de indicar motivo y sin penalización alguna. No se le cobrará ningún importe por él.',
    suspend: 'Su contrato ha quedado suspendido temporalmente.',
    resume: 'Su contrato vuelve a estar activo.',
    archive: 'Su contrato ha sido archivado. Puede recuperarlo cuando lo desee desde su tablero.',
  },
  en: {
    activate: 'We have confirmed your first payment and your contract is now active.',
    cancel: 'Your contract has been cancelled at your request.',
    revoke: 'You have revoked your contract within the reflection period, without giving a reason and without any penalty. You will not be charged anything for it.',
    suspend: 'Your contract has been temporarily suspended.',
    resume: 'Your contract is active again.',
    archive: 'Your contract has been archived. You can recover it at any time from your dashboard.',
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(companyId: string, to: string, subject: string, lines: string[]): TNewMail {
  return {
    companyId,
    to,
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}

export interface TMailContract {
  id: string;
  productName: string;
  companyId: string;
  owner: { email: string; firstName: string; language: string };
}

export function contractCreatedMail(contract: TMailContract, dashboardUrl: string): TNewMail {
  const l = lang(contract.owner.language);
  return l === 'es'
    ? compose(contract.companyId, contract.owner.email, `KC: hemos recibido su contratación de ${contract.productName}`, [
        `Hola, ${contract.owner.firstName}:`,
        `Hemos registrado su contratación del ${contract.productName} (referencia ${contract.id}). Su contrato queda en estado Nuevo hasta que su asesor confirme el primer pago, normalmente en unas 24 horas.`,
        `Puede consultarlo en su tablero: ${dashboardUrl}`,
      ])
    : compose(contract.companyId, contract.owner.email, `KC: we have received your ${contract.productName} order`, [
        `Hello ${contract.owner.firstName},`,
        `We have registered your ${contract.productName} (reference ${contract.id}). Your contract stays New until your advisor confirms the first payment, usually within about 24 hours.`,
        `You can follow it on your dashboard: ${dashboardUrl}`,
      ]);
}

/** The investor's mail about a state change, in their language; with the reason or the payment reference the advisor recorded. */
export function contractStateMail(
  contract: TMailContract,
  action: TContractAction,
  to: string,
  dashboardUrl: string,
  details: { reason?: string | null; paymentReference?: string | null } = {},
): TNewMail {
  const l = lang(contract.owner.language);
  const state = STATE_NAMES[l][to] ?? to;
  const sentence = (lang: TLang) =>
    action === 'recover' ? RECOVERY_SENTENCES[lang][to as TArchivableState] : ACTION_SENTENCES[lang][action];
  const extra = (labels: { reason: string; paymentReference: string }) => [
    ...(details.paymentReference ? [`${labels.paymentReference}: ${details.paymentReference}`] : []),
    // A reason that is a message key (a revocation's) is already said by the action's sentence.
    ...(details.reason && !isHistoryReasonKey(details.reason) ? [`${labels.reason}: ${details.reason}`] : []),
  ];
  return l === 'es'
    ? compose(contract.companyId, contract.owner.email, `KC: su contrato ${contract.productName} está ahora ${state}`, [
        `Hola, ${contract.owner.firstName}:`,
        `${sentence('es')} (Contrato ${contract.productName}, referencia ${contract.id}.)`,
        ...extra({ reason: 'Motivo', paymentReference: 'Referencia del pago' }),
        `Si usted no ha solicitado este cambio, responda a este correo. Su tablero: ${dashboardUrl}`,
      ])
    : compose(contract.companyId, contract.owner.email, `KC: your ${contract.productName} contract is now ${state}`, [
        `Hello ${contract.owner.firstName},`,
        `${sentence('en')} (Contract ${contract.productName}, reference ${contract.id}.)`,
        ...extra({ reason: 'Reason', paymentReference: 'Payment reference' }),
        `If you did not ask for this change, please reply to this e-mail. Your dashboard: ${dashboardUrl}`,
      ]);
}
