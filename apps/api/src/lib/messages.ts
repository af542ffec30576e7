import type { TLanguage } from '@kc/domain';

/**
 * What the API says, by error code, in both languages: `title` names the kind of problem,
 * `detail` tells the person what happened and what to do. Modules add their codes here so
 * that every message a user can meet is in one catalogue (a test checks es/en parity).
 */
type TMessage = { title: string; detail: string };

export const apiMessages: Record<TLanguage, Record<string, TMessage>> = {
  es: {
    validation: { title: 'Datos no válidos', detail: 'Existen errores en el formulario.' },
    notFound: { title: 'No encontrado', detail: 'El recurso solicitado no existe.' },
    routeNotFound: { title: 'No encontrado', detail: 'No existe ninguna operación en {{method}} {{url}}.' },
    unauthorized: { title: 'Sesión no válida', detail: 'Su sesión no es válida o ha caducado. Inicie sesión de nuevo.' },
    forbidden: { title: 'Acceso denegado', detail: 'No tiene permiso para realizar esta operación.' },
    csrfTokenInvalid: {
      title: 'Solicitud no verificada',
      detail: 'No hemos podido verificar que esta operación proceda de la aplicación. Recargue la página e inténtelo de nuevo.',
    },
    companyMissing: {
      title: 'Falta la empresa',
      detail: 'La cabecera company-id es obligatoria en esta operación.',
    },
    companyUnknown: { title: 'Empresa desconocida', detail: 'La empresa «{{companyId}}» no existe.' },
    payloadTooLarge: { title: 'Petición demasiado grande', detail: 'La petición supera el tamaño máximo permitido.' },
    unsupportedMediaType: { title: 'Formato no admitido', detail: 'El formato del cuerpo de la petición no está admitido.' },
    malformedBody: { title: 'Petición mal formada', detail: 'El cuerpo de la petición no se puede leer.' },
    invalidValue: { title: 'Valor no válido', detail: 'La petición contiene un valor que no se puede procesar. Revise los datos enviados.' },
    malformedUrl: { title: 'URL no válida', detail: 'La URL de la petición no es válida.' },
    urlTooLong: { title: 'URL demasiado larga', detail: 'La URL de la petición supera la longitud máxima permitida.' },
    invalidText: {
      title: 'Texto no válido',
      detail: 'La petición contiene texto con caracteres no válidos (codificación UTF-8 incorrecta). Revise los datos enviados.',
    },
    headersTooLarge: { title: 'Cabeceras demasiado grandes', detail: 'Las cabeceras de la petición superan el tamaño máximo permitido.' },
    requestTimeout: { title: 'Tiempo de espera agotado', detail: 'La petición no llegó completa a tiempo. Inténtelo de nuevo.' },
    malformedRequest: { title: 'Petición mal formada', detail: 'La petición HTTP no se puede leer.' },
    rateLimited: {
      title: 'Demasiadas peticiones',
      detail: 'Ha realizado demasiados intentos. Vuelva a intentarlo dentro de {{seconds}} segundos.',
    },
    internal: {
      title: 'Error del servidor',
      detail: 'No hemos podido completar la operación. Inténtelo de nuevo más tarde.',
    },
    unavailable: { title: 'Servicio no disponible', detail: 'La base de datos no está disponible.' },
    databaseBusy: {
      title: 'Servicio ocupado',
      detail: 'El sistema está atendiendo demasiadas operaciones en este momento. Vuelva a intentarlo dentro de unos segundos.',
    },
    contactRateLimited: {
      title: 'Demasiados mensajes',
      detail: 'Ha enviado demasiados mensajes en poco tiempo. Vuelva a intentarlo dentro de {{minutes}} minutos.',
    },
    // Accounts (login, sign-up, confirmation, lookups).
    countryUnknown: { title: 'País desconocido', detail: 'No existe ningún país con el código «{{countryId}}».' },
    oauthInvalidRequest: { title: 'Solicitud no válida', detail: 'La solicitud de inicio de sesión está incompleta o mal formada.' },
    oauthMissingParameter: { title: 'Solicitud no válida', detail: 'Falta el dato obligatorio «{{name}}».' },
    oauthUnsupportedGrantType: { title: 'Tipo de acceso no admitido', detail: 'Solo se admite el acceso con usuario y contraseña (grant_type=password).' },
    oauthInvalidClient: { title: 'Aplicación no autorizada', detail: 'La aplicación cliente no está autorizada para iniciar sesión.' },
    oauthTwoClientMethods: {
      title: 'Solicitud no válida',
      detail: 'La aplicación cliente se ha identificado de dos formas a la vez (cabecera Authorization y datos del formulario). Utilice solo una.',
    },
    oauthInvalidCredentials: { title: 'Credenciales incorrectas', detail: 'Correo electrónico o contraseña incorrectos.' },
    oauthAccountUnconfirmed: {
      title: 'Cuenta sin confirmar',
      detail: 'Su cuenta aún no está confirmada. Abra el enlace del correo de confirmación que le enviamos.',
    },
    oauthAccountInactive: { title: 'Cuenta desactivada', detail: 'Su cuenta está desactivada. Póngase en contacto con nosotros.' },
    oauthTooManyAttempts: {
      title: 'Demasiados intentos',
      detail: 'Demasiados intentos fallidos de inicio de sesión. Vuelva a intentarlo dentro de {{minutes}} minutos.',
    },
    emailTaken: { title: 'Correo ya registrado', detail: 'Ya existe una cuenta con este correo electrónico. Inicie sesión con ella.' },
    signUpLinkInvalid: {
      title: 'Enlace no válido',
      detail: 'El enlace de confirmación no es válido. Compruebe que lo ha copiado completo desde el correo.',
    },
    signUpLinkUsed: { title: 'Enlace ya utilizado', detail: 'Este enlace de confirmación ya se utilizó: su cuenta está confirmada. Inicie sesión.' },
    signUpLinkExpired: {
      title: 'Enlace caducado',
      detail: 'El enlace de confirmación ha caducado (es válido {{days}} días). Regístrese de nuevo o póngase en contacto con nosotros.',
    },
    // Investor area (contracts, payment preferences, account).
    contractNotFound: { title: 'Contrato no encontrado', detail: 'El contrato no existe o no tiene acceso a él.' },
    // Notifications and tasks.
    notificationNotFound: { title: 'Aviso no encontrado', detail: 'El aviso no existe o no pertenece a su bandeja.' },
    notificationNotTask: {
      title: 'No es una tarea',
      detail: 'Este aviso es solo informativo: no hay nada que completar. Puede marcarlo como leído o descartarlo.',
    },
    streamTicketInvalid: {
      title: 'Enlace de avisos no válido',
      detail: 'El acceso a los avisos en directo ha caducado o ya se ha utilizado. Vuelva a conectarse para recibirlos.',
    },
    customerNotFound: { title: 'Cliente no encontrado', detail: 'El cliente no existe o no tiene acceso a él.' },
    // Sales network.
    salesGroupNotFound: { title: 'Grupo no encontrado', detail: 'El grupo no existe o no tiene acceso a él.' },
    salesTeamNotFound: { title: 'Equipo no encontrado', detail: 'El equipo no existe o no tiene acceso a él.' },
    salesZoneNotFound: { title: 'Zona no encontrada', detail: 'La zona no existe o no tiene acceso a ella.' },
    salesAgentNotFound: { title: 'Comercial no encontrado', detail: 'El comercial no existe o no tiene acceso a él.' },
    salesSeatNotFound: { title: 'Plaza no encontrada', detail: 'Este comercial no tiene ninguna plaza ocupada en esta zona.' },
    salesGroupUnknown: { title: 'Grupo no válido', detail: 'El grupo indicado no existe en su empresa. Elija otro.' },
    salesTeamUnknown: { title: 'Equipo no válido', detail: 'El equipo indicado no existe en su empresa. Elija otro.' },
    salesNotAGroupManager: {
      title: 'Responsable no válido',
      detail: 'Para dirigir un grupo, la persona debe estar activa y tener el rol de responsable de grupo.',
    },
    salesNotATeamManager: {
      title: 'Responsable no válido',
      detail: 'Para dirigir un equipo, la persona debe estar activa y tener el rol de responsable de equipo.',
    },
    salesNotAnAgent: { title: 'No es un comercial', detail: '{{name}} no es un comercial activo, por lo que no puede formar parte de un equipo ni ocupar plazas.' },
    salesGroupClosed: { title: 'Grupo cerrado', detail: 'El grupo «{{group}}» está cerrado y ya no admite cambios.' },
    salesTeamClosed: { title: 'Equipo cerrado', detail: 'El equipo «{{team}}» está cerrado y ya no admite cambios ni nuevos comerciales.' },
    salesZoneClosed: { title: 'Zona cerrada', detail: 'La zona «{{zone}}» está cerrada y no admite nuevas plazas.' },
    salesGroupHasTeams: {
      title: 'El grupo tiene equipos operativos',
      detail: 'No se puede cerrar «{{group}}» porque aún tiene {{count}} equipo(s) operativo(s). Ciérrelos o trasládelos antes.',
    },
    salesTeamHasAgents: {
      title: 'El equipo tiene comerciales',
      detail: 'No se puede cerrar «{{team}}» porque aún tiene {{count}} comercial(es). Trasládelos a otro equipo antes de cerrarlo.',
    },
    salesAgentAlreadyInTeam: { title: 'Sin cambios', detail: '{{name}} ya forma parte del equipo «{{team}}».' },
    salesAgentInNoTeam: { title: 'Sin equipo', detail: '{{name}} no forma parte de ningún equipo.' },
    salesAgentNotInZoneGroup: {
      title: 'Zona de otro grupo',
      detail: '{{name}} solo puede ocupar plazas en las zonas del grupo al que pertenece su equipo; «{{zone}}» es de otro grupo.',
    },
    salesSeatAlreadyHeld: { title: 'Plaza ya ocupada', detail: '{{name}} ya ocupa una plaza en la zona «{{zone}}». Libérela antes de elegir otra.' },
    salesSeatsFull: { title: 'No quedan plazas', detail: 'Las {{max}} plazas {{type}} de la zona «{{zone}}» están ocupadas. Elija otro tipo de plaza u otra zona.' },
    salesSeatOwnOnly: { title: 'Acceso denegado', detail: 'Solo puede ocupar o liberar sus propias plazas.' },
    userNotFound: { title: 'Usuario no encontrado', detail: 'El usuario no existe o no tiene acceso a él.' },
    // Back office (users, roles, password links).
    passwordChangeRequired: {
      title: 'Cambio de contraseña obligatorio',
      detail: 'Debe establecer una contraseña nueva antes de continuar.',
    },
    roleNotGrantable: { title: 'Rol no permitido', detail: 'No tiene permiso para conceder ni retirar alguno de los roles indicados.' },
    userSelfAction: {
      title: 'Operación no permitida',
      detail: 'No puede cambiar sus propios roles, ni desactivar o eliminar su propia cuenta. Pídaselo a otro administrador.',
    },
    userAdminOnly: { title: 'Acceso denegado', detail: 'Solo un administrador puede modificar la cuenta de otro administrador.' },
    lastActiveAdmin: {
      title: 'Último administrador',
      detail: 'Es el último administrador activo de la empresa: no se le puede retirar el rol, desactivar ni eliminar. Nombre antes a otro administrador.',
    },
    userAlreadyActive: { title: 'Usuario ya activo', detail: 'La cuenta de este usuario ya está activa.' },
    userAlreadyInactive: { title: 'Usuario desactivado', detail: 'La cuenta de este usuario está desactivada.' },
    userDeleted: { title: 'Usuario eliminado', detail: 'La cuenta de este usuario está eliminada y ya no admite cambios.' },
    passwordLinkInvalid: {
      title: 'Enlace no válido',
      detail: 'El enlace para establecer la contraseña no es válido. Compruebe que lo ha copiado completo desde el correo.',
    },
    passwordLinkUsed: { title: 'Enlace ya utilizado', detail: 'Este enlace ya se utilizó. Si necesita cambiar su contraseña, solicite un enlace nuevo.' },
    passwordLinkExpired: { title: 'Enlace caducado', detail: 'El enlace ha caducado. Solicite uno nuevo desde «¿Olvidó su contraseña?».' },
    passwordResetRateLimited: {
      title: 'Demasiadas solicitudes',
      detail: 'Ha solicitado demasiados enlaces en poco tiempo. Vuelva a intentarlo dentro de {{minutes}} minutos.',
    },
    paymentPreferenceNotFound: { title: 'Forma de pago no encontrada', detail: 'La forma de pago no existe o no es suya.' },
    productUnknown: { title: 'Producto desconocido', detail: 'El producto elegido no existe en el catálogo. Elija un plan en las calculadoras.' },
    contractFixedValues: { title: 'Importes no válidos', detail: 'El plan elegido fija la aportación inicial o la mensual, y los importes enviados no coinciden.' },
    contractStartInvalid: { title: 'Fecha de inicio no válida', detail: 'La fecha de inicio no puede ser anterior a hoy ni posterior a un año.' },
    contractTermInvalid: {
      title: 'Duración no válida',
      detail: 'La fecha de fin debe caer el mismo día de un año posterior, entre 1 y {{max}} años después de la fecha de inicio.',
    },
    contractOutOfBounds: { title: 'Importes no válidos', detail: 'Los importes están fuera de los límites de la calculadora.' },
    paymentPreferenceUnknown: { title: 'Forma de pago no válida', detail: 'La forma de pago elegida no existe o no es suya. Elija otra.' },
    idempotencyKeyReused: {
      title: 'Clave de idempotencia reutilizada',
      detail: 'Esta clave de idempotencia ya se usó con otros datos. Use una clave nueva para una contratación distinta.',
    },
    idempotencyInProgress: {
      title: 'Contratación en curso',
      detail: 'Esta misma contratación se está procesando. Espere unos segundos y vuelva a intentarlo.',
    },
    transitionNotAllowed: {
      title: 'Cambio de estado no permitido',
      detail: 'La operación «{{action}}» no está permitida para un contrato en estado {{state}}.',
    },
    transitionStaffOnly: { title: 'Acceso denegado', detail: 'Solo su asesor o un administrador puede realizar esta operación.' },
    revokeOwnerOnly: { title: 'Acceso denegado', detail: 'Solo el titular del contrato puede desistir de él durante el periodo de reflexión.' },
    recoverOriginUnknown: {
      title: 'No se puede recuperar el contrato',
      detail: 'El historial de este contrato no indica en qué estado se encontraba cuando se archivó, por lo que no puede recuperarse. Póngase en contacto con su asesor.',
    },
    reflectionPeriodOver: { title: 'Periodo de reflexión terminado', detail: 'El periodo de reflexión de este contrato terminó al acabar el día {{lastDay}} (hora de Madrid); ya no puede desistir de él sin motivo. Puede cancelarlo o archivarlo si su estado lo permite.' },
    reflectionPeriodOpen: { title: 'Periodo de reflexión abierto', detail: 'Este contrato está en su periodo de reflexión hasta el final del día {{lastDay}} (hora de Madrid): el inversor puede revocarlo sin dar motivos. No puede activarse antes, salvo que el inversor renuncie expresamente a ese periodo.' },
    reflectionPeriodWaived: { title: 'Periodo de reflexión renunciado', detail: 'El inversor ya renunció al periodo de reflexión de este contrato: ya no puede revocarse sin motivo ni volver a renunciarse.' },
    reflectionWaiverOwnerOnly: { title: 'Acceso denegado', detail: 'Solo el titular del contrato puede renunciar a su periodo de reflexión.' },
    reflectionWaiverNotNew: { title: 'Renuncia no disponible', detail: 'Solo se puede renunciar al periodo de reflexión de un contrato Nuevo; este está en estado {{state}}.' },
    reflectionWaiverTextOutdated: { title: 'Texto de renuncia desactualizado', detail: 'El texto de la renuncia ha cambiado desde que abrió la página. Vuelva a cargarla, léalo y confírmelo de nuevo.' },
    currentPasswordWrong: { title: 'Contraseña incorrecta', detail: 'La contraseña actual no es correcta.' },
  },
  en: {
    validation: { title: 'Invalid data', detail: 'The form has errors.' },
    notFound: { title: 'Not found', detail: 'The requested resource does not exist.' },
    routeNotFound: { title: 'Not found', detail: 'There is no operation at {{method}} {{url}}.' },
    unauthorized: { title: 'Invalid session', detail: 'Your session is invalid or has expired. Please log in again.' },
    forbidden: { title: 'Access denied', detail: 'You are not allowed to perform this operation.' },
    csrfTokenInvalid: {
      title: 'Request not verified',
      detail: 'We could not verify that this request came from the app. Reload the page and try again.',
    },
    companyMissing: { title: 'Company missing', detail: 'The company-id header is required for this operation.' },
    companyUnknown: { title: 'Unknown company', detail: 'The company “{{companyId}}” does not exist.' },
    payloadTooLarge: { title: 'Request too large', detail: 'The request exceeds the maximum allowed size.' },
    unsupportedMediaType: { title: 'Unsupported format', detail: 'The request body format is not supported.' },
    malformedBody: { title: 'Malformed request', detail: 'The request body cannot be read.' },
    invalidValue: { title: 'Invalid value', detail: 'The request contains a value that cannot be processed. Please check the data you sent.' },
    malformedUrl: { title: 'Invalid URL', detail: 'The request URL is not valid.' },
    urlTooLong: { title: 'URL too long', detail: 'The request URL is longer than the maximum allowed.' },
    invalidText: {
      title: 'Invalid text',
      detail: 'The request contains text with invalid characters (malformed UTF-8). Please check what you sent.',
    },
    headersTooLarge: { title: 'Headers too large', detail: 'The request headers exceed the maximum allowed size.' },
    requestTimeout: { title: 'Request timeout', detail: 'The request did not arrive in full in time. Please try again.' },
    malformedRequest: { title: 'Malformed request', detail: 'The HTTP request cannot be read.' },
    rateLimited: {
      title: 'Too many requests',
      detail: 'You have made too many attempts. Please try again in {{seconds}} seconds.',
    },
    internal: { title: 'Server error', detail: 'We could not complete the operation. Please try again later.' },
    unavailable: { title: 'Service unavailable', detail: 'The database is not available.' },
    databaseBusy: {
      title: 'Service busy',
      detail: 'The system is handling too many operations right now. Please try again in a few seconds.',
    },
    contactRateLimited: {
      title: 'Too many messages',
      detail: 'You have sent too many messages in a short time. Please try again in {{minutes}} minutes.',
    },
    // Accounts (login, sign-up, confirmation, lookups).
    countryUnknown: { title: 'Unknown country', detail: 'There is no country with the code “{{countryId}}”.' },
    oauthInvalidRequest: { title: 'Invalid request', detail: 'The login request is incomplete or malformed.' },
    oauthMissingParameter: { title: 'Invalid request', detail: 'The required field “{{name}}” is missing.' },
    oauthUnsupportedGrantType: { title: 'Unsupported grant type', detail: 'Only login with user name and password (grant_type=password) is supported.' },
    oauthInvalidClient: { title: 'Client not authorised', detail: 'The client application is not authorised to log in.' },
    oauthTwoClientMethods: {
      title: 'Invalid request',
      detail: 'The client application identified itself in two ways at once (the Authorization header and the form). Use only one.',
    },
    oauthInvalidCredentials: { title: 'Wrong credentials', detail: 'Wrong e-mail address or password.' },
    oauthAccountUnconfirmed: {
      title: 'Account not confirmed',
      detail: 'Your account is not confirmed yet. Open the link in the confirmation e-mail we sent you.',
    },
    oauthAccountInactive: { title: 'Account deactivated', detail: 'Your account is deactivated. Please contact us.' },
    oauthTooManyAttempts: {
      title: 'Too many attempts',
      detail: 'Too many failed login attempts. Please try again in {{minutes}} minutes.',
    },
    emailTaken: { title: 'E-mail already registered', detail: 'An account with this e-mail address already exists. Please log in with it.' },
    signUpLinkInvalid: {
      title: 'Invalid link',
      detail: 'The confirmation link is not valid. Check that you copied all of it from the e-mail.',
    },
    signUpLinkUsed: { title: 'Link already used', detail: 'This confirmation link has already been used: your account is confirmed. Please log in.' },
    signUpLinkExpired: {
      title: 'Link expired',
      detail: 'The confirmation link has expired (it is valid for {{days}} days). Please register again or contact us.',
    },
    // Investor area (contracts, payment preferences, account).
    contractNotFound: { title: 'Contract not found', detail: 'The contract does not exist or you have no access to it.' },
    // Notifications and tasks.
    notificationNotFound: { title: 'Notification not found', detail: 'The notification does not exist or is not in your inbox.' },
    notificationNotTask: {
      title: 'Not a task',
      detail: 'This notification is for information only: there is nothing to complete. You can mark it as read or dismiss it.',
    },
    streamTicketInvalid: {
      title: 'Live notifications link not valid',
      detail: 'Access to live notifications has expired or has already been used. Reconnect to keep receiving them.',
    },
    customerNotFound: { title: 'Customer not found', detail: 'The customer does not exist or you have no access to them.' },
    // Sales network.
    salesGroupNotFound: { title: 'Group not found', detail: 'The group does not exist or you have no access to it.' },
    salesTeamNotFound: { title: 'Team not found', detail: 'The team does not exist or you have no access to it.' },
    salesZoneNotFound: { title: 'Zone not found', detail: 'The zone does not exist or you have no access to it.' },
    salesAgentNotFound: { title: 'Agent not found', detail: 'The agent does not exist or you have no access to them.' },
    salesSeatNotFound: { title: 'Seat not found', detail: 'This agent holds no seat in this zone.' },
    salesGroupUnknown: { title: 'Invalid group', detail: 'The group given does not exist in your company. Choose another one.' },
    salesTeamUnknown: { title: 'Invalid team', detail: 'The team given does not exist in your company. Choose another one.' },
    salesNotAGroupManager: {
      title: 'Invalid manager',
      detail: 'To run a group, the person must be active and hold the group manager role.',
    },
    salesNotATeamManager: {
      title: 'Invalid manager',
      detail: 'To run a team, the person must be active and hold the team manager role.',
    },
    salesNotAnAgent: { title: 'Not an agent', detail: '{{name}} is not an active sales agent, so they cannot join a team or hold seats.' },
    salesGroupClosed: { title: 'Group closed', detail: 'The “{{group}}” group is closed and can no longer be changed.' },
    salesTeamClosed: { title: 'Team closed', detail: 'The “{{team}}” team is closed and takes no more changes or agents.' },
    salesZoneClosed: { title: 'Zone closed', detail: 'The “{{zone}}” zone is closed and takes no new seats.' },
    salesGroupHasTeams: {
      title: 'The group has operating teams',
      detail: '“{{group}}” cannot be closed while it still has {{count}} operating team(s). Close or move them first.',
    },
    salesTeamHasAgents: {
      title: 'The team has agents',
      detail: '“{{team}}” cannot be closed while it still has {{count}} agent(s). Move them to another team first.',
    },
    salesAgentAlreadyInTeam: { title: 'Nothing to change', detail: '{{name}} is already a member of the “{{team}}” team.' },
    salesAgentInNoTeam: { title: 'No team', detail: '{{name}} is not a member of any team.' },
    salesAgentNotInZoneGroup: {
      title: 'Zone of another group',
      detail: '{{name}} may only hold seats in the zones of their team’s group; “{{zone}}” belongs to another group.',
    },
    salesSeatAlreadyHeld: { title: 'Seat already held', detail: '{{name}} already holds a seat in the “{{zone}}” zone. Release it before choosing another.' },
    salesSeatsFull: { title: 'No seats left', detail: 'All {{max}} {{type}} seats in the “{{zone}}” zone are taken. Choose another seat type or zone.' },
    salesSeatOwnOnly: { title: 'Access denied', detail: 'You may only take or release your own seats.' },
    userNotFound: { title: 'User not found', detail: 'The user does not exist or you have no access to them.' },
    // Back office (users, roles, password links).
    passwordChangeRequired: { title: 'Password change required', detail: 'You must set a new password before you continue.' },
    roleNotGrantable: { title: 'Role not allowed', detail: 'You are not allowed to grant or remove one of these roles.' },
    userSelfAction: {
      title: 'Operation not allowed',
      detail: 'You cannot change your own roles, or deactivate or delete your own account. Ask another administrator.',
    },
    userAdminOnly: { title: 'Access denied', detail: "Only an administrator can change another administrator's account." },
    lastActiveAdmin: {
      title: 'Last administrator',
      detail: "This is the company's last active administrator: they cannot lose the role, be deactivated or be deleted. Appoint another administrator first.",
    },
    userAlreadyActive: { title: 'User already active', detail: "This user's account is already active." },
    userAlreadyInactive: { title: 'User deactivated', detail: "This user's account is deactivated." },
    userDeleted: { title: 'User deleted', detail: "This user's account has been deleted and can no longer be changed." },
    passwordLinkInvalid: {
      title: 'Invalid link',
      detail: 'The link to set your password is not valid. Check that you copied all of it from the e-mail.',
    },
    passwordLinkUsed: { title: 'Link already used', detail: 'This link has already been used. If you need to change your password, ask for a new link.' },
    passwordLinkExpired: { title: 'Link expired', detail: 'The link has expired. Ask for a new one from “Forgot your password?”.' },
    passwordResetRateLimited: {
      title: 'Too many requests',
      detail: 'You have asked for too many links in a short time. Try again in {{minutes}} minutes.',
    },
    paymentPreferenceNotFound: { title: 'Payment method not found', detail: 'The payment method does not exist or is not yours.' },
    productUnknown: { title: 'Unknown product', detail: 'The chosen product is not in the catalogue. Choose a plan in the calculators.' },
    contractFixedValues: { title: 'Invalid amounts', detail: 'The chosen plan fixes the initial or the monthly contribution, and the amounts sent do not match.' },
    contractStartInvalid: { title: 'Invalid start date', detail: 'The start date cannot be before today or more than one year ahead.' },
    contractTermInvalid: {
      title: 'Invalid term',
      detail: 'The end date must fall on the same day of a later year, 1 to {{max}} years after the start date.',
    },
    contractOutOfBounds: { title: 'Invalid amounts', detail: "The amounts are outside the calculator's bounds." },
    paymentPreferenceUnknown: { title: 'Invalid payment method', detail: 'The chosen payment method does not exist or is not yours. Choose another one.' },
    idempotencyKeyReused: {
      title: 'Idempotency key reused',
      detail: 'This idempotency key was already used with other data. Use a new key for a different order.',
    },
    idempotencyInProgress: {
      title: 'Order in progress',
      detail: 'This same order is being processed. Wait a few seconds and try again.',
    },
    transitionNotAllowed: {
      title: 'State change not allowed',
      detail: 'The operation “{{action}}” is not allowed for a contract in state {{state}}.',
    },
    transitionStaffOnly: { title: 'Access denied', detail: 'Only your advisor or an administrator can perform this operation.' },
    revokeOwnerOnly: { title: 'Access denied', detail: 'Only the contract holder can revoke it during the reflection period.' },
    recoverOriginUnknown: {
      title: 'The contract cannot be recovered',
      detail: 'This contract’s history does not show which state it was in when it was archived, so it cannot be recovered. Please contact your advisor.',
    },
    reflectionPeriodOver: { title: 'Reflection period over', detail: 'The reflection period of this contract ended at the end of {{lastDay}} (Madrid time); it can no longer be revoked without a reason. You can still cancel or archive it if its state allows.' },
    reflectionPeriodOpen: { title: 'Reflection period open', detail: 'This contract is in its reflection period until the end of {{lastDay}} (Madrid time): the investor can revoke it without giving a reason. It cannot be activated before then unless the investor explicitly waives that period.' },
    reflectionPeriodWaived: { title: 'Reflection period waived', detail: 'The investor has already waived the reflection period of this contract: it can no longer be revoked without a reason, nor waived again.' },
    reflectionWaiverOwnerOnly: { title: 'Access denied', detail: 'Only the contract holder can waive its reflection period.' },
    reflectionWaiverNotNew: { title: 'Waiver not available', detail: 'The reflection period can only be waived for a New contract; this one is {{state}}.' },
    reflectionWaiverTextOutdated: { title: 'Waiver text out of date', detail: 'The waiver text has changed since you opened the page. Please reload it, read it and confirm it again.' },
    currentPasswordWrong: { title: 'Wrong password', detail: 'The current password is not correct.' },
  },
};

/** Registers a module's messages (called at import time by the module's `messages.ts`). */
export function addApiMessages(messages: Record<TLanguage, Record<string, TMessage>>): void {
  Object.assign(apiMessages.es, messages.es);
  Object.assign(apiMessages.en, messages.en);
}

export function apiMessage(language: TLanguage, code: string, params: Record<string, string | number> = {}): TMessage {
  const message = apiMessages[language][code] ?? apiMessages[language]['internal']!;
  const fill = (s: string) => s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k] ?? ''));
  return { title: fill(message.title), detail: fill(message.detail) };
}
