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
    companyMissing: {
      title: 'Falta la empresa',
      detail: 'La cabecera company-id es obligatoria en esta operación.',
    },
    companyUnknown: { title: 'Empresa desconocida', detail: 'La empresa «{{companyId}}» no existe.' },
    payloadTooLarge: { title: 'Petición demasiado grande', detail: 'La petición supera el tamaño máximo permitido.' },
    unsupportedMediaType: { title: 'Formato no admitido', detail: 'El formato del cuerpo de la petición no está admitido.' },
    malformedBody: { title: 'Petición mal formada', detail: 'El cuerpo de la petición no se puede leer.' },
    rateLimited: {
      title: 'Demasiadas peticiones',
      detail: 'Ha realizado demasiados intentos. Vuelva a intentarlo dentro de {{seconds}} segundos.',
    },
    internal: {
      title: 'Error del servidor',
      detail: 'No hemos podido completar la operación. Inténtelo de nuevo más tarde.',
    },
    unavailable: { title: 'Servicio no disponible', detail: 'La base de datos no está disponible.' },
  },
  en: {
    validation: { title: 'Invalid data', detail: 'The form has errors.' },
    notFound: { title: 'Not found', detail: 'The requested resource does not exist.' },
    routeNotFound: { title: 'Not found', detail: 'There is no operation at {{method}} {{url}}.' },
    unauthorized: { title: 'Invalid session', detail: 'Your session is invalid or has expired. Please log in again.' },
    forbidden: { title: 'Access denied', detail: 'You are not allowed to perform this operation.' },
    companyMissing: { title: 'Company missing', detail: 'The company-id header is required for this operation.' },
    companyUnknown: { title: 'Unknown company', detail: 'The company “{{companyId}}” does not exist.' },
    payloadTooLarge: { title: 'Request too large', detail: 'The request exceeds the maximum allowed size.' },
    unsupportedMediaType: { title: 'Unsupported format', detail: 'The request body format is not supported.' },
    malformedBody: { title: 'Malformed request', detail: 'The request body cannot be read.' },
    rateLimited: {
      title: 'Too many requests',
      detail: 'You have made too many attempts. Please try again in {{seconds}} seconds.',
    },
    internal: { title: 'Server error', detail: 'We could not complete the operation. Please try again later.' },
    unavailable: { title: 'Service unavailable', detail: 'The database is not available.' },
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
