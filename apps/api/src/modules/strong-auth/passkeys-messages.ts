import { addApiMessages } from '../../lib/messages.ts';

/** What passkeys may answer (issue 18, docs/decisions/0033), in both languages. */
addApiMessages({
  es: {
    passkeyChallengeExpired: {
      title: 'Solicitud caducada',
      detail: 'La solicitud de su llave de acceso ha caducado o ya se utilizó. Vuelva a intentarlo.',
    },
    passkeyRegistrationFailed: {
      title: 'No hemos podido verificar la llave',
      detail: 'Su dispositivo no ha completado el registro de la llave de acceso. Vuelva a intentarlo o pruebe con otro dispositivo.',
    },
    passkeyAlreadyRegistered: {
      title: 'Llave ya registrada',
      detail: 'Esta llave de acceso ya está registrada en una cuenta.',
    },
    passkeyNotEnrolled: {
      title: 'Sin llaves de acceso',
      detail: 'No tiene ninguna llave de acceso. Utilice su aplicación de autenticación o un código de recuperación.',
    },
    mfaTokenInvalid: {
      title: 'Inicio de sesión caducado',
      detail: 'Este inicio de sesión ha caducado o ya se completó. Vuelva a escribir su correo electrónico y su contraseña.',
    },
    oauthPasskeyInvalid: {
      title: 'Llave de acceso no válida',
      detail: 'No hemos podido verificar su llave de acceso. Vuelva a intentarlo o inicie sesión con su correo electrónico y su contraseña.',
    },
  },
  en: {
    passkeyChallengeExpired: {
      title: 'Request expired',
      detail: 'The request for your passkey has expired or was already used. Please try again.',
    },
    passkeyRegistrationFailed: {
      title: 'We could not verify the passkey',
      detail: 'Your device did not complete the passkey registration. Please try again, or use another device.',
    },
    passkeyAlreadyRegistered: {
      title: 'Passkey already registered',
      detail: 'This passkey is already registered to an account.',
    },
    passkeyNotEnrolled: {
      title: 'No passkeys',
      detail: 'You have no passkey. Use your authenticator app or a recovery code.',
    },
    mfaTokenInvalid: {
      title: 'Sign-in expired',
      detail: 'This sign-in has expired or was already completed. Please enter your e-mail address and password again.',
    },
    oauthPasskeyInvalid: {
      title: 'Passkey not accepted',
      detail: 'We could not verify your passkey. Please try again, or sign in with your e-mail address and password.',
    },
  },
});
