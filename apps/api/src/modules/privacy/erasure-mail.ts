import { formatDate, type TLanguage } from '@kc/domain';
import { render, type TMailContent } from '../../lib/mail-layout.ts';

/** Madrid's wall clock for the link's expiry (the person reads it in Spain's time). */
const timeOf = (at: Date) => new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Madrid', hourCycle: 'h23' }).format(at);

/** The erasure's confirmation link (issue 16, Art. 17), in the person's language. */
export function erasureRequestMail(language: TLanguage, input: { firstName: string; link: string; expiresAt: Date; minutes: number }): TMailContent {
  const day = formatDate(input.expiresAt);
  const time = timeOf(input.expiresAt);
  if (language === 'en') {
    return {
      subject: 'Confirm the erasure of your KC data',
      ...render(
        [
          `Hello ${input.firstName},`,
          'We have received your request to erase your personal data from KC. To confirm it, use the link below.',
          `The link works once and expires in ${input.minutes} minutes (at ${time} Madrid time on ${day}).`,
          'When you confirm, your account is closed at once and cannot be used again. Your personal details are anonymised. The law obliges us to keep your contracts and payment records for 5 years after our relationship ends (anti-money-laundering rules); they stay blocked, visible only to an administrator, and are then erased.',
          'If you did not ask for this, ignore this message and consider changing your password: nothing will be erased.',
        ],
        { href: input.link, label: 'Confirm the erasure' },
        'The KC team',
      ),
    };
  }
  return {
    subject: 'Confirme la supresión de sus datos en KC',
    ...render(
      [
        `Hola, ${input.firstName}:`,
        'Hemos recibido su solicitud para suprimir sus datos personales de KC. Para confirmarla, utilice el enlace siguiente.',
        `El enlace solo puede usarse una vez y caduca en ${input.minutes} minutos (a las ${time}, hora de Madrid, del ${day}).`,
        'Al confirmarla, su cuenta se cierra en ese momento y no podrá volver a utilizarse. Sus datos personales se anonimizan. La ley nos obliga a conservar sus contratos y los registros de sus pagos durante 5 años desde el fin de nuestra relación (normativa de prevención del blanqueo de capitales); quedan bloqueados, solo accesibles para un administrador, y después se borran.',
        'Si no ha sido usted, ignore este mensaje y le recomendamos cambiar su contraseña: no se borrará nada.',
      ],
      { href: input.link, label: 'Confirmar la supresión' },
      'El equipo de KC',
    ),
  };
}
