import { addApiMessages } from '../../lib/messages.ts';

/** What strong authentication may answer (issue 18), in both languages. */
addApiMessages({
  es: {
    enrolmentRequired: {
      title: 'Verificación en dos pasos obligatoria',
      detail: 'Su puesto exige un segundo factor de autenticación. Active una aplicación de autenticación o una llave de acceso para entrar en la gestión.',
    },
    stepUpRequired: {
      title: 'Confirme que es usted',
      detail: 'Por seguridad, confirme su identidad con su segundo factor antes de continuar.',
    },
    invalidCode: {
      title: 'Código incorrecto',
      detail: 'El código no es correcto o ya se ha utilizado. Escriba el código que muestra ahora su aplicación de autenticación.',
    },
    tooManyAttempts: {
      title: 'Demasiados intentos',
      detail: 'Demasiados códigos incorrectos. Vuelva a intentarlo dentro de {{minutes}} minutos.',
    },
    lastFactorRequired: {
      title: 'Segundo factor obligatorio',
      detail: 'Su puesto exige al menos un segundo factor. Añada otro antes de eliminar este.',
    },
    passkeyUnavailable: {
      title: 'Llave de acceso no disponible',
      detail: 'Las llaves de acceso todavía no están disponibles. Utilice su aplicación de autenticación o un código de recuperación.',
    },
    totpSetupMissing: {
      title: 'Configuración no iniciada',
      detail: 'No hay ninguna configuración pendiente o ha caducado. Vuelva a empezar para obtener un código QR nuevo.',
    },
    totpNotEnrolled: {
      title: 'Sin aplicación de autenticación',
      detail: 'No tiene ninguna aplicación de autenticación activada.',
    },
    secondFactorMissing: {
      title: 'Sin segundo factor',
      detail: 'Active primero una aplicación de autenticación o una llave de acceso.',
    },
    oauthMfaRequired: {
      title: 'Segundo paso necesario',
      detail: 'Para terminar de iniciar sesión, escriba el código de su aplicación de autenticación, use su llave de acceso o un código de recuperación.',
    },
    oauthMfaTokenInvalid: {
      title: 'Inicio de sesión caducado',
      detail: 'Este inicio de sesión ha caducado o ya se completó. Vuelva a escribir su correo electrónico y su contraseña.',
    },
    oauthInvalidCode: {
      title: 'Código incorrecto',
      detail: 'El código no es correcto o ya se ha utilizado. Compruebe que la hora de su teléfono es la correcta y escriba el código actual.',
    },
    oauthPasskeyUnavailable: {
      title: 'Llave de acceso no disponible',
      detail: 'Las llaves de acceso todavía no están disponibles. Utilice su aplicación de autenticación o un código de recuperación.',
    },
  },
  en: {
    enrolmentRequired: {
      title: 'Two-step verification required',
      detail: 'Your role requires a second authentication factor. Set up an authenticator app or a passkey to enter the back office.',
    },
    stepUpRequired: {
      title: 'Confirm it is you',
      detail: 'For your security, confirm your identity with your second factor before you continue.',
    },
    invalidCode: {
      title: 'Wrong code',
      detail: 'The code is not correct or has already been used. Enter the code your authenticator app shows now.',
    },
    tooManyAttempts: {
      title: 'Too many attempts',
      detail: 'Too many wrong codes. Please try again in {{minutes}} minutes.',
    },
    lastFactorRequired: {
      title: 'Second factor required',
      detail: 'Your role requires at least one second factor. Add another one before you remove this one.',
    },
    passkeyUnavailable: {
      title: 'Passkey not available',
      detail: 'Passkeys are not available yet. Use your authenticator app or a recovery code.',
    },
    totpSetupMissing: {
      title: 'Setup not started',
      detail: 'There is no setup in progress, or it has expired. Start again to get a new QR code.',
    },
    totpNotEnrolled: {
      title: 'No authenticator app',
      detail: 'You have no authenticator app set up.',
    },
    secondFactorMissing: {
      title: 'No second factor',
      detail: 'Set up an authenticator app or a passkey first.',
    },
    oauthMfaRequired: {
      title: 'Second step needed',
      detail: 'To finish signing in, enter the code from your authenticator app, use your passkey or a recovery code.',
    },
    oauthMfaTokenInvalid: {
      title: 'Sign-in expired',
      detail: 'This sign-in has expired or was already completed. Please enter your e-mail address and password again.',
    },
    oauthInvalidCode: {
      title: 'Wrong code',
      detail: 'The code is not correct or has already been used. Check that your phone shows the right time and enter the current code.',
    },
    oauthPasskeyUnavailable: {
      title: 'Passkey not available',
      detail: 'Passkeys are not available yet. Use your authenticator app or a recovery code.',
    },
  },
});
