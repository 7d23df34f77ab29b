/**
 * The words of the body rules (yup) that check a field before anything else does (decision 044): what a form
 * shows under a field, and what the server answers for the same body. Keys are stable English names; an entry
 * that names a value or a field is a function of typed parameters.
 *
 * The shared rules of `domain/` take their words from here, so this file is a leaf: it imports nothing of the
 * app (ESLint's fence), and `domain/ → messages/field-rules.ts` can never close a cycle.
 */

/**
 * The fields as messages name them, for the rules that word several fields alike ("Marca: como mucho 60
 * caracteres.", "Hasta: elige una fecha válida."). Some are said inside a sentence ("Escribe tu nombre.").
 */
export const fieldLabels = {
  // Accounts (inside a sentence: «Escribe tu nombre.», «Tu nombre: como mucho 60 caracteres.»)
  your_first_name: 'tu nombre',
  your_surnames: 'tus apellidos',
  password: 'Contraseña',

  // Data validation (inside a sentence: «Caducidad de tu documento de identidad: …»)
  your_identity_document: 'tu documento de identidad',
  the_licence: 'la titulación',
  boats: 'Barcos',

  // Boats, insurance and contracts
  boat: 'Barco',
  boat_name: 'Nombre del barco',
  registration: 'Matrícula',
  make: 'Marca',
  model: 'Modelo',
  length: 'Eslora',
  beam: 'Manga',
  engine: 'Motor',
  insurer: 'Aseguradora',
  policy_number: 'Número de póliza',
  insurance_expiry: 'Caducidad del seguro',
  contract_start: 'Fecha de inicio',
  reason: 'Motivo',
  rack_position: 'Posición en el rack',

  // Licences
  licence_number: 'Número de la titulación',
  licence_expiry: 'Caducidad de la titulación',

  // Authorised persons (inside a sentence: «Escribe el nombre.»)
  person_first_name: 'el nombre',
  person_surnames: 'los apellidos',
  valid_from: 'Desde',
  valid_to: 'Hasta',

  // Launches and closures
  slot_start: 'Hora de bajada',
  expected_return: 'Hora de vuelta prevista',
  people: 'Personas a bordo',
  notes: 'Notas',
  closure_start: 'Inicio del cierre',
  closure_end: 'Fin del cierre',
  closure_reason: 'Motivo del cierre',

  // Outings
  departure: 'Hora de salida',
  new_expected_return: 'Nueva hora de vuelta prevista',
  skipper: 'Patrón',
  destination: 'Destino o zona',
} as const;

const L = fieldLabels;

export const fieldRuleMessages = {
  // Any body
  /** yup puts the unknown keys in place of `${unknown}`. */
  unknown_field: 'Campo desconocido: ${unknown}.',
  too_long: (p: { label: string; max: number }) => `Como mucho ${p.max} caracteres.`,
  too_many: (p: { label: string; max: number }) => `Como mucho ${p.max}.`,
  invalid_date: (_p: { label: string }) => 'Elige una fecha válida.',
  invalid_date_time: (_p: { label: string }) => 'No es una fecha y hora válida.',
  choose_from_list: (_p: { label: string }) => 'Elige uno de la lista.',
  /** `today` as the app writes a day (lunes 23 de noviembre: domain/format-dates.ts). */
  today_or_later: (p: { label: string; today: string }) => `Elige hoy (${p.today}) o un día posterior.`,

  // Accounts
  /** A name said inside the sentence: `label` is «tu nombre», «el nombre»… */
  name_required: (p: { label: string }) => `Escribe ${p.label}.`,
  name_too_long: (p: { label: string; max: number }) => `Como mucho ${p.max} caracteres.`,
  document_required: 'Escribe tu DNI, NIE o pasaporte.',
  document_letter: 'La letra no corresponde al número. Revísalo.',
  document_format: 'No es un DNI, NIE o pasaporte válido.',
  email_required: 'Escribe tu correo electrónico.',
  email_too_long: 'El correo es demasiado largo.',
  email_format: 'Escribe el correo completo, por ejemplo nombre@correo.es.',
  phone_required: 'Escribe tu teléfono móvil.',
  phone_not_mobile: 'Un móvil español empieza por 6 o 7.',
  phone_format: 'Escríbelo completo, por ejemplo 612 345 678 o +351 912 345 678.',
  new_password_required: 'Elige una contraseña.',
  password_too_short: (p: { min: number }) => `Usa al menos ${p.min} caracteres.`,
  code_required: 'Escribe el código que te hemos enviado.',
  code_format: (p: { digits: number }) => `El código tiene ${p.digits} cifras.`,
  identifier_required: 'Escribe tu correo electrónico o tu documento.',
  identifier_too_long: 'Es demasiado largo para un correo o un documento.',
  privacy_not_accepted: 'Debes aceptar la política de privacidad para registrarte.',
  activation_link_missing: 'Falta el enlace de activación.',
  terms_not_accepted: 'Debes aceptar las condiciones del servicio para activar tu cuenta.',
  password_required: 'Escribe tu contraseña.',
  password_too_long: 'La contraseña es demasiado larga.',
  current_password_required: 'Escribe tu contraseña actual.',
  current_password_too_long: 'La contraseña es demasiado larga.',
  new_password_same: 'Elige una distinta de la actual.',
  delete_password_required: 'Escribe tu contraseña para confirmar.',
  delete_not_confirmed: 'Marca la casilla para confirmar que quieres borrar tu cuenta.',
  email_confirmation_link_missing: 'Falta el enlace para confirmar tu correo.',

  // Data validation
  /** `what` said inside the sentence: «tu documento de identidad», «la titulación». */
  expiry_required: (p: { what: string }) => `Escribe la fecha de caducidad de ${p.what}.`,
  expiry_invalid_date: (_p: { what: string }) => 'Elige una fecha válida.',
  expiry_past_renew: (p: { what: string }) => `Ya ha caducado. Renueva ${p.what} antes de confirmar tus datos.`,
  boat_not_yours: 'No es uno de tus barcos.',
  boat_missing: 'Elige el barco.',
  data_not_confirmed: 'Marca que los datos son correctos para confirmarlos.',

  // Boats, insurance and contracts
  certificate_empty: 'El archivo está vacío.',
  certificate_too_large: (p: { megabytes: number }) => `Como mucho ${p.megabytes} MB.`,
  certificate_type: 'Debe ser un PDF, JPEG o PNG.',
  registration_required: 'Escribe la matrícula del barco.',
  registration_format: 'Solo letras, cifras y guiones (ejemplo: 7ª-BA-1-23-19).',
  /** Metres with a decimal comma, as the marina's limit is written («6,5 m»). */
  metres_required: (p: { label: string }) => `Escribe la ${p.label.toLowerCase()}.`,
  metres_not_number: (_p: { label: string }) => 'Escribe los metros con cifras (ejemplo: 6,5).',
  metres_not_positive: (_p: { label: string }) => 'Debe ser mayor que 0.',
  metres_too_large: (p: { label: string; max: number }) =>
    `El puerto admite como mucho ${String(p.max).replace('.', ',')} m.`,
  boat_name_required: 'Escribe el nombre del barco.',
  insurer_required: 'Escribe la aseguradora.',
  policy_number_required: 'Escribe el número de póliza.',
  insurance_expiry_required: 'Escribe hasta cuándo cubre el seguro.',
  insurance_expired: 'La póliza ya ha caducado; escribe la fecha de la póliza en vigor.',
  contract_plan_required: 'Elige una modalidad de contrato.',
  contract_start_required: 'Elige la fecha de inicio.',
  /** `today` as the app writes a day (lunes 23 de noviembre: domain/format-dates.ts). */
  contract_start_from_today: (p: { today: string }) => `Desde hoy (${p.today}) en adelante.`,
  contract_conditions_not_accepted: 'Acepta las condiciones del contrato para enviarlo.',
  contract_boat_or_new_boat: 'Elige un barco de la lista o escribe los datos del nuevo.',
  rejection_reason_required: 'Escribe el motivo del rechazo.',
  boat_state_invalid: 'Elige en el rack, en el agua o en mantenimiento.',

  // Licences
  licence_type_required: 'Elige el tipo de titulación.',
  licence_number_required: 'Escribe el número de la titulación.',

  // Authorised persons
  person_document_required: 'Escribe el DNI, NIE o pasaporte de la persona.',
  person_phone_required: 'Escribe el teléfono móvil de la persona.',
  person_email_required: 'Escribe el correo electrónico de la persona.',
  licence_required: 'Escribe los datos de la titulación.',
  licence_expired: 'La titulación ya ha caducado.',
  licence_before_period_end: 'La titulación caduca antes de que termine el periodo autorizado.',
  authorised_boats_from_list: 'Elige los barcos de la lista.',
  authorised_boats_required: 'Elige al menos un barco.',
  valid_from_required: 'Elige desde qué día.',
  valid_to_before_from: `Debe ser el mismo día que «${L.valid_from}» o posterior.`,
  authorised_code_required: 'Escribe el código que ha recibido la persona autorizada.',

  // Launches and closures
  boat_required: 'Elige el barco.',
  slot_start_required: 'Elige la hora de bajada.',
  new_slot_start_required: 'Elige la nueva hora de bajada.',
  expected_return_required: 'Elige la hora de vuelta prevista.',
  return_before_slot: 'Debe ser posterior a la hora de bajada.',
  people_not_number: 'Escribe un número.',
  people_not_integer: 'Escribe un número entero.',
  people_too_few: (p: { min: number }) => `Al menos ${p.min}.`,
  launch_people_required: 'Escribe cuántas personas irán a bordo.',
  waitlist_not_boolean: 'Indica si quieres la lista de espera: sí o no.',
  cancel_reason_required: 'Escribe el motivo.',
  closure_start_required: 'Escribe cuándo empieza el cierre.',
  closure_end_required: 'Escribe cuándo termina el cierre.',
  closure_reason_required: 'Escribe el motivo del cierre (por ejemplo, temporal).',
  closure_end_before_start: 'Debe ser posterior al inicio del cierre.',
  closure_too_long: (p: { days: number }) => `Como mucho ${p.days} días después del inicio.`,

  // Outings
  return_before_departure: 'Debe ser posterior a la salida.',
  outing_people_required: 'Escribe cuántas personas van a bordo.',
  skipper_required: 'Elige quién lleva el barco (patrón).',
  destination_required: 'Escribe el destino o la zona de navegación.',
  contact_phone_required: 'Escribe un teléfono de contacto durante la salida.',
  new_expected_return_required: 'Elige la nueva hora de vuelta prevista.',

  // Push subscriptions (the browser fills them, not a person: each message names its field)
  push_endpoint_required: 'Falta la dirección de envío (endpoint) de la suscripción.',
  push_endpoint_https: 'La dirección de envío (endpoint) debe ser una URL https://.',
  push_endpoint_too_long: (p: { max: number }) => `La dirección de envío (endpoint): como mucho ${p.max} caracteres.`,
  push_keys_required: 'Faltan las claves (keys) de la suscripción.',
  push_p256dh_required: 'Falta la clave pública (keys.p256dh) de la suscripción.',
  push_p256dh_invalid: 'La clave pública (keys.p256dh) no es una clave P-256 en base64url.',
  push_auth_required: 'Falta el secreto (keys.auth) de la suscripción.',
  push_endpoint_unknown_service:
    'La dirección (endpoint) no es de un servicio de notificaciones de navegador conocido.',
  push_auth_invalid: 'El secreto (keys.auth) no son 16 bytes en base64url.',

  // Notification preferences (the app sends them from its own choices: each message names its field)
  notice_kind_invalid: 'El tipo de aviso (kind) no es uno de los que se pueden elegir.',
  notice_kind_locked: 'Este aviso (kind) es de seguridad: llega siempre por notificación y por mensaje.',
  notice_channel_invalid: 'El canal (channel) debe ser «push», «message» o «both».',
} as const;
