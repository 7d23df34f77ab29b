import type { AuthorisationState } from '../domain/authorisations.ts';
import type { AccountStatus } from '../domain/accounts.ts';
import { errorMessages } from './error-messages.ts';

/**
 * The words the API puts in a problem beside its code (decision 044): the `detail` of the answer and the
 * `message` of each field error. Keys are stable; an entry that names a value is a function of typed
 * parameters. Where the server says what the app already says for the code, the entry is the app's message
 * (`errorMessages`), so one error has one wording. A field message opens with the field's label, as a form
 * shows it under the field.
 */

/** A launch's booker alone may make this change (the owner may only cancel it). */
export type BookerOnlyChange = 'move' | 'mark_ready';

/** Why the person chosen as skipper may not take the boat out today. */
export type SkipperRefusal =
  | 'owner_no_licence'
  | 'owner_licence_expired'
  | 'suspended'
  | 'not_active'
  | 'outside_period'
  | 'licence_expired'
  | 'not_on_boat';

/** Who asked for the boat's open launch, as the person reading the answer knows them (decision 033). */
export type OpenLaunchBooker =
  | { by: 'self' }
  | { by: 'authorised_by_reader'; name: string }
  | { by: 'owner'; name: string }
  | { by: 'another_authorised' };

/** A numeric setting's range, both ends included (docs/product.md §4.1). */
export interface SettingRange {
  setting: string;
  integer: boolean;
  minimum: number;
  maximum: number;
}

/** The type a field's value should have had. */
export type ExpectedType = 'string' | 'boolean' | 'number' | 'integer' | 'object' | 'array' | 'date';

/** Per expected type, what a person is told when a field holds something else. */
export const expectedTypeMessages: Record<ExpectedType, string> = {
  string: 'Debe ser un texto.',
  boolean: 'Debe ser verdadero o falso.',
  number: 'Debe ser un número.',
  integer: 'Debe ser un número entero.',
  object: 'Debe ser un objeto.',
  array: 'Debe ser una lista.',
  date: 'Debe ser una fecha (AAAA-MM-DD).',
};

const SKIPPER_REFUSALS: Record<SkipperRefusal, string> = {
  owner_no_licence: 'el propietario no tiene una titulación náutica registrada.',
  owner_licence_expired: 'la titulación náutica del propietario está caducada.',
  suspended: 'su autorización está suspendida.',
  not_active: 'su autorización no está activa.',
  outside_period: 'hoy está fuera de su periodo autorizado.',
  licence_expired: 'su titulación náutica está caducada.',
  not_on_boat: 'debe ser el propietario o una persona autorizada en este barco.',
};

const SLOT_FIELD = {
  slot_invalid: 'No es el inicio de un turno del puerto ese día.',
  slot_closed: 'El puerto está cerrado en ese turno.',
  slot_too_soon: 'Es demasiado pronto; el puerto necesita más antelación.',
  slot_too_far: 'Aún no se puede reservar ese día.',
} as const;

const NOT_WITHDRAWABLE: Record<Exclude<AuthorisationState, 'pending'>, string> = {
  active:
    'Esta persona ya validó su código: la invitación no se puede retirar. Si no quieres que use tus barcos, suspende su autorización.',
  suspended: 'Esta persona ya validó su código y su autorización está suspendida: la invitación no se puede retirar.',
  expired:
    'Esta invitación ha caducado: ya no se puede retirar. Cambia el periodo si quieres que la persona use tus barcos.',
  ended: 'Esta autorización ha terminado porque la persona borró su cuenta: ya no se puede retirar.',
};

/** An account that may not sign in, by its status. */
export type InactiveStatus = Extract<AccountStatus, 'registered' | 'validated' | 'suspended'>;

const NOT_ACTIVE: Record<InactiveStatus, string> = {
  registered: 'Tu cuenta aún no está activada: termina el registro con el código y el enlace que te enviamos.',
  validated: 'Tu cuenta aún no está activada: abre el enlace que te enviamos por correo para elegir tu contraseña.',
  suspended: 'Tu cuenta está suspendida. Llama a la marina para saber más.',
};

const BOOKER_ONLY: Record<BookerOnlyChange, string> = { move: 'moverla', mark_ready: 'marcarla lista para subir' };

const ONE_LAUNCH_PER_BOAT = 'Solo puede haber una bajada pedida por barco.';

/** A wrong code, and how many tries it has left: the problem's detail and the code field's message alike. */
function triesLeft({ left }: { left: number }): string {
  return `El código no es correcto. Te ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}.`;
}

/** The `message` of a field error: what a form shows under the field. */
export const fieldMessages = {
  // Any body, checked against its JSON schema or the shared rules (http/error-handler.ts, http/validation.ts).
  required: 'Este campo es obligatorio.',
  invalid_type: 'El valor no tiene el tipo esperado.',
  invalid_format: 'El formato no es válido.',
  too_short: 'Es demasiado corto.',
  too_long: 'Es demasiado largo.',
  too_small: 'El valor es demasiado pequeño.',
  too_large: 'El valor es demasiado grande.',
  too_few: 'Faltan elementos.',
  too_many: 'Sobran elementos.',
  invalid_value: 'El valor no es ninguno de los admitidos.',
  not_the_value: 'El valor no es el admitido.',
  unknown_field: 'Este campo no se admite.',
  invalid: 'El valor no es válido.',
  invalid_characters: 'Contiene caracteres que no se admiten (de control o mal codificados). Escríbelo de nuevo.',
  cursor_invalid: 'El cursor no es válido: usa el valor de `next` de la página anterior, sin cambiarlo.',
  date_invalid: 'Elige una fecha válida.',
  // Accounts
  password_too_common: 'Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.',
  password_personal:
    'No formes la contraseña con tu nombre, tus apellidos, tu correo, tu teléfono, tu documento ni el nombre de la marina. Elige otra.',
  code_invalid: triesLeft,
  current_password_incorrect: 'No es la contraseña de tu cuenta.',
  email_taken: 'Otra cuenta ya usa este correo.',
  phone_country_not_allowed: ({ countries }: { countries: string }) =>
    `Esta marina solo envía SMS a móviles de ${countries}.`,
  // Boats and contracts
  registration_taken: 'Ya hay un barco con esta matrícula en la marina. Si es tuyo, llama al puerto.',
  contract_already_open: 'Este barco ya tiene un contrato activo o pendiente de aprobación.',
  // Launches
  boat_not_listed: 'Elige uno de la lista.',
  range_from_invalid: 'Elige una fecha de inicio válida (AAAA-MM-DD).',
  range_to_invalid: 'Elige una fecha de fin válida (AAAA-MM-DD).',
  range_to_before_from: 'La fecha de fin no puede ser anterior a la de inicio.',
  range_too_long: ({ max }: { max: number }) => `Elige como mucho ${max} días: acerca la fecha de fin.`,
  slot_invalid: SLOT_FIELD.slot_invalid,
  slot_closed: SLOT_FIELD.slot_closed,
  slot_too_soon: ({ minLeadMinutes }: { minLeadMinutes: number }) =>
    `${SLOT_FIELD.slot_too_soon} Pide la bajada al menos ${minLeadMinutes} minutos antes.`,
  slot_too_far: ({ maxAdvanceDays }: { maxAdvanceDays: number }) =>
    `${SLOT_FIELD.slot_too_far} Se puede pedir con ${maxAdvanceDays} días de antelación como mucho.`,
  slot_full: 'Ese turno está completo. Elige otro o apúntate a la lista de espera.',
  return_after_closing: errorMessages.return_after_closing,
  boat_has_open_launch: 'Este barco ya tiene una bajada pedida. Muévela o cancélala antes de pedir otra.',
  boat_has_open_launch_by: ({ booker, when }: { booker: OpenLaunchBooker; when: string }) => {
    switch (booker.by) {
      case 'self':
        return `Ya tienes una bajada pedida para el ${when}. Muévela o cancélala antes de pedir otra.`;
      case 'authorised_by_reader':
        return `${booker.name}, a quien autorizaste, ya ha pedido una bajada para el ${when}. ${ONE_LAUNCH_PER_BOAT} La tienes en Bajadas, donde puedes cancelarla.`;
      case 'owner':
        return `Su titular, ${booker.name}, ya ha pedido una bajada para el ${when}. ${ONE_LAUNCH_PER_BOAT}`;
      case 'another_authorised':
        return `Otra persona autorizada ya ha pedido una bajada para el ${when}. ${ONE_LAUNCH_PER_BOAT}`;
    }
  },
  // Authorised persons
  boats_not_yours: 'Elige solo barcos tuyos de la lista.',
  authorising_self: 'Es tu propio documento; no hace falta que te autorices, ya puedes usar tus barcos.',
  authorisation_duplicate: ({ boat }: { boat: string }) =>
    `Esa persona ya está autorizada (o pendiente de validar) en ${boat}.`,
  authorisation_limit_reached: ({ boat, max }: { boat: string; max: number }) =>
    `${boat} ya tiene ${max} personas autorizadas o pendientes, el máximo del puerto.`,
  licence_expires_in_period:
    'La titulación de la persona caduca antes; acorta el periodo o añade de nuevo a la persona con su titulación renovada.',
  // Outings at sea
  boat_not_in_water: errorMessages.boat_not_in_water,
  boat_already_at_sea: errorMessages.boat_already_at_sea,
  skipper_not_allowed: ({ why }: { why: SkipperRefusal }) =>
    `${SKIPPER_REFUSALS[why].charAt(0).toUpperCase()}${SKIPPER_REFUSALS[why].slice(1)}`,
  departure_invalid: errorMessages.departure_invalid,
  return_in_past: errorMessages.return_in_past,
  outing_too_long: errorMessages.outing_too_long,
  extend_not_later: errorMessages.extend_not_later,
  // Staff
  settings_not_an_object: 'Debe ser un objeto con los ajustes que cambian.',
  setting_unknown: ({ setting }: { setting: string }) => `${setting}: no es un ajuste de la marina.`,
  setting_boolean: ({ setting }: { setting: string }) => `${setting}: debe ser verdadero o falso.`,
  setting_range: ({ setting, integer, minimum, maximum }: SettingRange) =>
    `${setting}: debe ser ${integer ? 'un número entero' : 'un número'} entre ${minimum} y ${maximum}.`,
} satisfies Record<string, string | ((params: never) => string)>;

/** Why the person chosen as skipper may not take the boat out today, as the outing form's options say it. */
export const skipperRefusals: Readonly<Record<SkipperRefusal, string>> = SKIPPER_REFUSALS;

/** The `detail` of a problem: what the server says of this occurrence, beyond the code's title. */
export const problemDetails = {
  // Transport and platform
  body_not_json: 'El cuerpo de la petición no es JSON válido.',
  body_empty: 'El cuerpo de la petición está vacío.',
  body_too_deep: ({ depth }: { depth: number }) =>
    `El cuerpo de la petición anida demasiados niveles (como mucho ${depth}).`,
  body_too_complex: ({ values }: { values: number }) =>
    `El cuerpo de la petición tiene demasiados valores (como mucho ${values.toLocaleString('es-ES')}).`,
  json_required: 'El cuerpo de la petición debe ser JSON (Content-Type: application/json).',
  bad_url: 'La dirección de la petición no es válida.',
  url_too_long: 'La dirección de la petición es demasiado larga.',
  headers_too_large: 'Las cabeceras de la petición son demasiado grandes.',
  request_too_slow: 'La petición ha tardado demasiado en llegar.',
  not_http: 'La petición no es HTTP válido.',
  method_not_allowed: ({ method }: { method: string }) => `Esta dirección no admite el método ${method}.`,
  no_api_address: 'No existe esa dirección en la API.',
  no_address: 'No existe esa dirección.',
  database_down: 'La base de datos no responde.',
  client_missing: 'Indica la marina en la cabecera X-Client-Id.',
  client_required: 'La cabecera X-Client-Id debe ser el número de la marina.',
  unknown_client: ({ clientId }: { clientId: number }) => `No hay ninguna marina con el número ${clientId}.`,
  live_streams_full: 'El servidor tiene demasiadas pantallas conectadas. La app volverá a conectarse en un momento.',
  // Message budgets (decision 039)
  account_messages_spent:
    'Has pedido enviar demasiados mensajes (códigos, invitaciones, enlaces) desde tu cuenta. Espera un poco y vuelve a probar.',
  address_messages_spent: 'Se han pedido demasiados mensajes desde esta conexión. Espera un poco y vuelve a probar.',
  marina_messages_spent: 'La marina ha enviado muchos mensajes en la última hora. Espera un poco y vuelve a probar.',
  // Accounts and sessions
  account_not_active: ({ status }: { status: InactiveStatus }) => NOT_ACTIVE[status],
  process_gone: 'Este proceso no existe o ya ha terminado. Vuelve a empezar.',
  resend_wait: ({ seconds }: { seconds: number }) => `Espera ${seconds} segundos antes de pedir otro código.`,
  code_superseded: 'Este código ya no vale: se ha usado o se ha enviado otro. Pide uno nuevo si hace falta.',
  code_invalid_tries_left: triesLeft,
  password_personal: 'Esa contraseña se adivina a partir de tus datos o de los de la marina. Elige otra.',
  activation_link_invalid:
    'El enlace de activación no es válido o ha caducado. Vuelve a registrarte para recibir otro.',
  activation_link_used: 'Este enlace de activación ya se ha usado.',
  confirmation_link_invalid:
    'El enlace para confirmar tu correo no es válido o ha caducado. Pide otro desde Mi cuenta.',
  email_taken: 'Ese correo ya lo usa otra cuenta de esta marina.',
  // Boats, contracts, cards, notifications
  boat_not_found: 'No encontramos ese barco.',
  no_certificate: 'Este barco no tiene certificado del seguro.',
  contract_gone: 'Ese contrato ya no existe.',
  no_card: 'Tu cuenta no tiene carnet.',
  notification_not_found: 'Esta notificación no existe.',
  // Launches
  launch_not_found: 'No encontramos esa bajada.',
  launch_just_changed: 'Esta bajada acaba de cambiar. Recarga la página para ver cómo está.',
  launch_not_movable: 'Esta bajada ya no se puede mover.',
  launch_not_cancellable: 'Esta bajada ya no se puede cancelar.',
  ready_only_in_water: 'Solo se puede marcar cuando el barco está en el agua.',
  calendar_only_confirmed: 'Solo las bajadas confirmadas se pueden añadir al calendario.',
  booker_only: ({ booker, change }: { booker: string; change: BookerOnlyChange }) =>
    `Esta bajada la pidió ${booker}: solo esa persona puede ${BOOKER_ONLY[change]}. Como titular del barco, puedes cancelarla.`,
  too_many_open_launches: ({ open }: { open: number }) =>
    `Ya tienes ${open} bajadas pedidas, el máximo del puerto. Espera a que termine alguna o cancela una.`,
  // Authorised persons
  authorisation_not_found: 'No encontramos esa autorización.',
  boats_not_yours: 'Alguno de los barcos no es tuyo.',
  authorisation_not_pending: 'Esta autorización ya no está pendiente de validar.',
  authorisation_code_superseded: 'Este código ya no vale: usa el último que ha recibido la persona.',
  authorisation_ended:
    'Esta autorización ha terminado porque la persona borró su cuenta. Si quieres que use tus barcos, añádela de nuevo.',
  not_withdrawable: ({ state }: { state: Exclude<AuthorisationState, 'pending'> }) => NOT_WITHDRAWABLE[state],
  suspend_only_active: 'Solo se puede suspender una autorización activa.',
  reactivate_only_suspended: 'Solo se puede reactivar una autorización suspendida.',
  // Outings at sea
  outing_change_not_yours: 'Solo quien registró la salida o su patrón pueden cambiarla.',
  outing_already_back: 'Esta salida ya tiene la vuelta marcada.',
  // Staff
  staff_only: 'Esta función es solo para el personal de la marina.',
  customer_not_found: 'No encontramos ese cliente.',
  contract_not_found: 'No encontramos ese contrato.',
  contract_not_pending: ({ status }: { status: string }) =>
    `Este contrato ya no está pendiente: está «${status.toLowerCase()}».`,
  launch_transition: ({ from, to }: { from: string; to: string }) =>
    `Esta bajada está «${from.toLowerCase()}»: no se puede pasar a «${to.toLowerCase()}».`,
  settings_invalid: 'Hay ajustes con valores no válidos.',
} satisfies Record<string, string | ((params: never) => string)>;
