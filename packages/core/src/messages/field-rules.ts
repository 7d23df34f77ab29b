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
  too_long: (p: { label: string; max: number }) => `${p.label}: como mucho ${p.max} caracteres.`,
  too_many: (p: { label: string; max: number }) => `${p.label}: como mucho ${p.max}.`,
  invalid_date: (p: { label: string }) => `${p.label}: elige una fecha válida.`,
  invalid_date_time: (p: { label: string }) => `${p.label}: no es una fecha y hora válida.`,
  choose_from_list: (p: { label: string }) => `${p.label}: elige uno de la lista.`,
  /** `today` as the app writes a day (lunes 23 de noviembre: domain/format-dates.ts). */
  today_or_later: (p: { label: string; today: string }) => `${p.label}: hoy (${p.today}) o después.`,

  // Accounts
  /** A name said inside the sentence: `label` is «tu nombre», «el nombre»… */
  name_required: (p: { label: string }) => `Escribe ${p.label}.`,
  name_too_long: (p: { label: string; max: number }) =>
    `${p.label.charAt(0).toUpperCase()}${p.label.slice(1)}: como mucho ${p.max} caracteres.`,
  document_required: 'Escribe tu DNI, NIE o pasaporte.',
  document_letter: 'DNI/NIE: la letra no corresponde al número. Revísalo.',
  document_format: 'DNI/NIE o pasaporte: el formato no es válido.',
  email_required: 'Escribe tu correo electrónico.',
  email_too_long: 'Correo electrónico: es demasiado largo.',
  email_format: 'Correo electrónico: el formato no es válido (ejemplo: nombre@correo.es).',
  phone_required: 'Escribe tu teléfono móvil.',
  phone_not_mobile: 'Teléfono móvil: un número español debe empezar por 6 o 7.',
  phone_format: 'Teléfono móvil: escríbelo completo, por ejemplo 612 345 678 o +351 912 345 678.',
  new_password_required: 'Elige una contraseña.',
  password_too_short: (p: { min: number }) => `${L.password}: al menos ${p.min} caracteres.`,
  code_required: 'Escribe el código que te hemos enviado.',
  code_format: (p: { digits: number }) => `Código: son ${p.digits} cifras.`,
  identifier_required: 'Escribe tu correo electrónico o tu documento.',
  identifier_too_long: 'Correo electrónico o documento: es demasiado largo.',
  privacy_not_accepted: 'Debes aceptar la política de privacidad para registrarte.',
  activation_link_missing: 'Falta el enlace de activación.',
  terms_not_accepted: 'Debes aceptar las condiciones del servicio para activar tu cuenta.',
  password_required: 'Escribe tu contraseña.',
  password_too_long: 'Contraseña: es demasiado larga.',
  current_password_required: 'Escribe tu contraseña actual.',
  current_password_too_long: 'Contraseña actual: es demasiado larga.',
  new_password_same: 'Nueva contraseña: debe ser distinta de la actual.',
  delete_password_required: 'Escribe tu contraseña para confirmar.',
  delete_not_confirmed: 'Marca la casilla para confirmar que quieres borrar tu cuenta.',
  email_confirmation_link_missing: 'Falta el enlace para confirmar tu correo.',

  // Data validation
  /** `what` said inside the sentence: «tu documento de identidad», «la titulación». */
  expiry_required: (p: { what: string }) => `Escribe la fecha de caducidad de ${p.what}.`,
  expiry_invalid_date: (p: { what: string }) => `Caducidad de ${p.what}: elige una fecha válida.`,
  expiry_past_renew: (p: { what: string }) =>
    `Caducidad de ${p.what}: ya ha caducado. Renuévalo antes de confirmar tus datos.`,
  boat_not_yours: `${L.boat}: no es uno de tus barcos.`,
  boat_missing: `${L.boat}: falta indicar cuál.`,
  data_not_confirmed: 'Marca que los datos son correctos para confirmarlos.',

  // Boats, insurance and contracts
  certificate_empty: 'Certificado del seguro: el archivo está vacío.',
  certificate_too_large: (p: { megabytes: number }) => `Certificado del seguro: como mucho ${p.megabytes} MB.`,
  certificate_type: 'Certificado del seguro: debe ser un PDF, JPEG o PNG.',
  registration_required: 'Escribe la matrícula del barco.',
  registration_format: `${L.registration}: solo letras, cifras y guiones (ejemplo: 7ª-BA-1-23-19).`,
  /** Metres with a decimal comma, as the marina's limit is written («6,5 m»). */
  metres_required: (p: { label: string }) => `Escribe ${p.label.toLowerCase()}.`,
  metres_not_number: (p: { label: string }) => `${p.label}: escribe los metros con cifras (ejemplo: 6,5).`,
  metres_not_positive: (p: { label: string }) => `${p.label}: debe ser mayor que 0.`,
  metres_too_large: (p: { label: string; max: number }) =>
    `${p.label}: el puerto admite como mucho ${String(p.max).replace('.', ',')} m.`,
  boat_name_required: 'Escribe el nombre del barco.',
  insurer_required: 'Escribe la aseguradora.',
  policy_number_required: 'Escribe el número de póliza.',
  insurance_expiry_required: 'Escribe hasta cuándo cubre el seguro.',
  insurance_expired: `${L.insurance_expiry}: la póliza ya ha caducado; escribe la de la póliza en vigor.`,
  contract_plan_required: 'Elige una modalidad de contrato.',
  contract_start_required: 'Elige la fecha de inicio.',
  /** `today` as the app writes a day (lunes 23 de noviembre: domain/format-dates.ts). */
  contract_start_from_today: (p: { today: string }) => `${L.contract_start}: desde hoy (${p.today}) en adelante.`,
  contract_conditions_not_accepted: 'Acepta las condiciones del contrato para enviarlo.',
  contract_boat_or_new_boat: 'Elige un barco de la lista o escribe los datos del nuevo.',
  rejection_reason_required: 'Escribe el motivo del rechazo.',
  boat_state_invalid: 'Estado: en el rack, en el agua o en mantenimiento.',

  // Licences
  licence_type_required: 'Elige el tipo de titulación.',
  licence_number_required: 'Escribe el número de la titulación.',

  // Authorised persons
  person_document_required: 'Escribe el DNI, NIE o pasaporte de la persona.',
  person_phone_required: 'Escribe el teléfono móvil de la persona.',
  person_email_required: 'Escribe el correo electrónico de la persona.',
  licence_required: 'Escribe los datos de la titulación.',
  licence_expired: `${L.licence_expiry}: ya ha caducado.`,
  licence_before_period_end: `${L.licence_expiry}: caduca antes de que termine el periodo autorizado.`,
  authorised_boats_from_list: `${L.boats}: elige de la lista.`,
  authorised_boats_required: 'Elige al menos un barco.',
  valid_from_required: 'Elige desde qué día.',
  valid_to_before_from: `${L.valid_to}: debe ser el mismo día que «${L.valid_from}» o posterior.`,
  authorised_code_required: 'Escribe el código que ha recibido la persona autorizada.',

  // Launches and closures
  boat_required: 'Elige el barco.',
  slot_start_required: 'Elige la hora de bajada.',
  new_slot_start_required: 'Elige la nueva hora de bajada.',
  expected_return_required: 'Elige la hora de vuelta prevista.',
  return_before_slot: `${L.expected_return}: debe ser posterior a la hora de bajada.`,
  people_not_number: `${L.people}: escribe un número.`,
  people_not_integer: `${L.people}: escribe un número entero.`,
  people_too_few: (p: { min: number }) => `${L.people}: al menos ${p.min}.`,
  launch_people_required: 'Escribe cuántas personas irán a bordo.',
  waitlist_not_boolean: 'Lista de espera: indica sí o no.',
  cancel_reason_required: 'Escribe el motivo.',
  closure_start_required: 'Escribe cuándo empieza el cierre.',
  closure_end_required: 'Escribe cuándo termina el cierre.',
  closure_reason_required: 'Escribe el motivo del cierre (por ejemplo, temporal).',
  closure_end_before_start: `${L.closure_end}: debe ser posterior al inicio.`,
  closure_too_long: (p: { days: number }) => `${L.closure_end}: como mucho ${p.days} días después del inicio.`,

  // Outings
  return_before_departure: `${L.expected_return}: debe ser posterior a la salida.`,
  outing_people_required: 'Escribe cuántas personas van a bordo.',
  skipper_required: 'Elige quién lleva el barco (patrón).',
  destination_required: 'Escribe el destino o la zona de navegación.',
  contact_phone_required: 'Escribe un teléfono de contacto durante la salida.',
  new_expected_return_required: 'Elige la nueva hora de vuelta prevista.',
} as const;
