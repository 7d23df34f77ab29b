import { OUTING_MAX_OVERNIGHT_HOURS } from '../domain/outings.ts';
import type { ErrorCode } from '../domain/error-codes.ts';
import { NO_CONNECTION } from './no-connection.ts';

/** The codes the app words: every one the API sends, and the failures that never reached it. */
export type AppErrorCode = ErrorCode | 'network_error' | 'timeout' | 'unexpected_response';

/** «2 minutos», «1 segundo»: a wait the server named in seconds (Retry-After), as a person reads it. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

/**
 * The messages that name a value: the wait a throttled or busy server asks for (Retry-After, in seconds), the
 * longest outing. Functions of typed parameters, so another language words the value its own way.
 */
export const parametrisedErrorMessages = {
  rate_limited: ({ retryAfter }: { retryAfter: number }) =>
    `Demasiados intentos. Podrás volver a intentarlo en ${formatWait(retryAfter)}.`,
  // The API's own 503 names a short wait: a pile-up of requests it gave up on (decision 036).
  service_unavailable: ({ retryAfter }: { retryAfter: number }) =>
    `Hay muchas peticiones a la vez y esta no se ha podido atender. Vuelve a intentarlo en ${formatWait(retryAfter)}.`,
  outing_too_long: ({ maxHours }: { maxHours: number }) => `La salida no puede durar más de ${maxHours} horas.`,
} satisfies Partial<Record<AppErrorCode, (params: never) => string>>;

/**
 * The app's message for every code: the words a banner shows, and a field when the server names the field
 * but sends no words of its own. A `Record` over the codes makes a missing message a type error;
 * `messages.test.ts` checks it at run time.
 */
export const errorMessages: Record<AppErrorCode, string> = {
  bad_request: 'La petición no es válida. Revisa los datos e inténtalo de nuevo.',
  validation_failed: 'Hay datos que revisar en el formulario.',
  not_found: 'No hemos encontrado lo que buscas.',
  method_not_allowed: 'Esta acción no está permitida.',
  unsupported_media_type: 'La aplicación envió datos en un formato no válido. Actualízala e inténtalo de nuevo.',
  payload_too_large: 'Los datos enviados son demasiado grandes.',
  body_too_deep: 'La aplicación envió datos mal formados. Recarga la página e inténtalo de nuevo.',
  body_too_complex: 'La aplicación envió datos mal formados. Recarga la página e inténtalo de nuevo.',
  unknown_client: 'Esta aplicación no está configurada para ninguna marina. Contacta con tu marina.',
  client_required: 'Esta aplicación no está configurada para ninguna marina. Contacta con tu marina.',
  rate_limited: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  internal_error: 'Algo ha fallado en nuestro servidor. Inténtalo de nuevo en unos minutos.',
  service_unavailable: 'El servicio no está disponible ahora mismo. Inténtalo de nuevo en unos minutos.',
  unauthenticated: 'Tu sesión ha terminado. Vuelve a entrar.',
  forbidden: 'No tienes permiso para hacer esto.',
  csrf_failed: 'Tu sesión ha caducado por seguridad. Recarga la página e inténtalo de nuevo.',
  origin_not_allowed: 'Esta petición no viene de la aplicación de tu marina.',
  idempotency_key_reused: 'Esta operación ya se envió con otros datos. Recarga la página e inténtalo de nuevo.',
  idempotency_in_progress: 'Tu petición anterior aún se está procesando. Espera un momento.',
  idempotency_key_invalid: 'La aplicación envió una petición mal formada. Recarga la página e inténtalo de nuevo.',
  invalid_credentials: 'El usuario o la contraseña no son correctos.',
  account_not_active:
    'Tu cuenta aún no está activa o está suspendida. Si acabas de registrarte, termina la activación; si no, llama a tu marina.',
  code_invalid: 'El código no es correcto. Revisa el último mensaje que te hemos enviado.',
  code_expired: 'El código ha caducado. Pide uno nuevo.',
  code_attempts_exceeded: 'Has superado los intentos con este código. Pide uno nuevo.',
  resend_too_soon: 'Espera un poco antes de pedir otro código.',
  token_invalid: 'El enlace no es válido o ha caducado. Vuelve a empezar el proceso.',
  password_too_common: 'Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.',
  current_password_incorrect: 'La contraseña actual no es correcta.',
  contact_unavailable: 'No se puede usar ese dato de contacto. Prueba con otro.',
  account_already_active: 'Tu cuenta ya está activada. Entra con tu contraseña.',
  email_already_confirmed: 'Tu correo ya está confirmado.',
  not_eligible: 'Ahora mismo no puedes usar este barco. Revisa lo que falta en Mis barcos.',
  state_conflict: 'Esto ya ha cambiado mientras tanto. Recarga la página para ver cómo está.',
  contract_already_open: 'Este barco ya tiene un contrato activo o pendiente de aprobación.',
  registration_taken: 'Ya hay un barco con esa matrícula en el puerto. Si es tuyo, llama al puerto.',
  certificate_type_not_allowed: 'El certificado del seguro debe ser un PDF, JPEG o PNG.',
  certificate_too_large: 'El certificado del seguro puede ocupar como mucho 5 MB.',
  setting_invalid: 'Uno de los ajustes no es válido.',
  slot_invalid: 'Esa hora no es el inicio de un turno del puerto. Elige uno de la lista.',
  slot_full: 'Ese turno está completo. Elige otro o apúntate a la lista de espera.',
  slot_closed: 'El puerto está cerrado en ese turno. Elige otro.',
  slot_too_soon: 'Ese turno es demasiado pronto para prepararlo. Elige uno más tarde.',
  slot_too_far: 'Ese día aún no se puede reservar. Elige una fecha más cercana.',
  return_after_closing: 'La vuelta debe ser el mismo día, antes del cierre del puerto.',
  boat_has_open_launch: 'Este barco ya tiene una bajada pedida. Muévela o cancélala antes de pedir otra.',
  too_many_open_launches: 'Ya tienes el máximo de bajadas pedidas a la vez. Espera a que termine alguna o cancela una.',
  change_too_late: 'Ya no se puede cambiar ni cancelar esta bajada desde la aplicación. Llama al puerto.',
  authorisation_limit_reached:
    'Uno de los barcos ya tiene el máximo de personas autorizadas. Suspende o quita una antes de añadir otra.',
  authorisation_duplicate: 'Esa persona ya está autorizada (o pendiente de validar) en uno de estos barcos.',
  authorising_self: 'No hace falta que te autorices: ya puedes usar tus barcos.',
  phone_country_not_allowed: 'Esta marina no envía SMS a móviles de ese país. Escribe un móvil de un país que admita.',
  licence_expires_in_period: 'La titulación caduca antes de que termine el periodo autorizado.',
  boat_not_in_water:
    'Este barco no tiene hoy una bajada confirmada ni está en el agua. Pide la bajada antes de registrar la salida.',
  boat_already_at_sea: 'Este barco ya tiene una salida en el mar. Marca la vuelta antes de registrar otra.',
  outing_at_sea:
    'No puedes borrar tu cuenta mientras haya una salida en el mar sin cerrar, tuya o en uno de tus barcos: el puerto la vigila. Cuando el barco vuelva, marca «He vuelto» (o que lo haga quien salió) y vuelve a intentarlo.',
  skipper_not_allowed:
    'El patrón debe ser el propietario o una persona autorizada activa, con la titulación náutica en vigor.',
  departure_invalid: 'La salida debe ser hoy y como mucho dentro de una hora.',
  return_in_past: 'La vuelta prevista debe ser posterior a la hora actual.',
  outing_too_long: parametrisedErrorMessages.outing_too_long({ maxHours: OUTING_MAX_OVERNIGHT_HOURS }),
  extend_not_later: 'La nueva vuelta prevista debe ser posterior a la que ya tenía la salida.',
  network_error: NO_CONNECTION,
  timeout: 'El servidor tarda demasiado en responder. Inténtalo de nuevo.',
  unexpected_response: 'Respuesta inesperada del servidor. Inténtalo de nuevo.',
};
