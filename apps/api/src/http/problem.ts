/**
 * RFC 9457 problem details: every error the API sends has this shape and a stable `code` from the shared
 * list. The app shows its own Spanish message per code; `title` is the server's Spanish fallback.
 */
import type { EligibilityReason } from '@marina/core/domain/eligibility.ts';
import { ERROR_CODES, type ErrorCode, type FieldError, type Problem } from '@marina/core/domain/error-codes.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

const TITLES: Record<ErrorCode, string> = {
  bad_request: 'Petición incorrecta',
  validation_failed: 'Hay datos que revisar',
  not_found: 'No encontrado',
  method_not_allowed: 'Método no permitido',
  unsupported_media_type: 'Formato no admitido',
  payload_too_large: 'Datos demasiado grandes',
  body_too_deep: 'Datos anidados en demasiados niveles',
  body_too_complex: 'Datos con demasiados valores',
  unknown_client: 'Marina desconocida',
  client_required: 'Falta indicar la marina',
  rate_limited: 'Demasiados intentos',
  internal_error: 'Error interno',
  service_unavailable: 'Servicio no disponible',
  unauthenticated: 'Sesión no iniciada',
  forbidden: 'Acceso no permitido',
  csrf_failed: 'Petición no verificada',
  origin_not_allowed: 'Origen no permitido',
  idempotency_key_reused: 'Clave de idempotencia reutilizada',
  idempotency_in_progress: 'Petición en curso',
  idempotency_key_invalid: 'Clave de idempotencia no válida',
  invalid_credentials: 'Datos de acceso incorrectos',
  account_not_active: 'Cuenta no activa',
  code_invalid: 'Código incorrecto',
  code_expired: 'Código caducado',
  code_attempts_exceeded: 'Demasiados intentos con este código',
  resend_too_soon: 'Aún no puedes pedir otro código',
  token_invalid: 'Enlace no válido o caducado',
  password_too_common: 'Contraseña demasiado común',
  current_password_incorrect: 'Contraseña actual incorrecta',
  contact_unavailable: 'Dato de contacto no disponible',
  account_already_active: 'Cuenta ya activada',
  email_already_confirmed: 'Correo ya confirmado',
  not_eligible: 'No se puede usar este barco ahora',
  state_conflict: 'El estado ha cambiado',
  contract_already_open: 'El barco ya tiene un contrato abierto',
  registration_taken: 'Matrícula ya registrada',
  certificate_type_not_allowed: 'Tipo de certificado no admitido',
  certificate_too_large: 'Certificado demasiado grande',
  setting_invalid: 'Ajuste no válido',
  slot_invalid: 'Turno no válido',
  slot_full: 'Turno completo',
  slot_closed: 'Turno cerrado',
  slot_too_soon: 'Turno demasiado próximo',
  slot_too_far: 'Turno demasiado lejano',
  return_after_closing: 'Vuelta después del cierre',
  boat_has_open_launch: 'El barco ya tiene una bajada abierta',
  too_many_open_launches: 'Demasiadas bajadas abiertas',
  change_too_late: 'Demasiado tarde para cambiarla',
  authorisation_limit_reached: 'Máximo de personas autorizadas',
  authorisation_duplicate: 'Persona ya autorizada',
  authorising_self: 'No hace falta autorizarse',
  phone_country_not_allowed: 'Móvil de un país al que la marina no envía SMS',
  licence_expires_in_period: 'Titulación caduca en el periodo',
  boat_not_in_water: 'El barco no está en el agua hoy',
  boat_already_at_sea: 'El barco ya está en el mar',
  outing_at_sea: 'Hay una salida en el mar sin cerrar',
  skipper_not_allowed: 'Patrón no válido',
  departure_invalid: 'Hora de salida no válida',
  return_in_past: 'Vuelta prevista ya pasada',
  outing_too_long: 'Salida demasiado larga',
  extend_not_later: 'La nueva vuelta no es posterior',
};

/** An error a route or hook throws to answer with a problem; the error handler turns it into the body. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  /** Extra response headers, such as Retry-After. */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    status: number,
    detail?: string,
    errors?: FieldError[],
    headers: Record<string, string> = {},
  ) {
    super(detail ?? TITLES[code]);
    this.name = 'HttpProblem';
    this.code = code;
    this.status = status;
    this.detail = detail;
    this.errors = errors;
    this.headers = headers;
  }
}

export function problem(code: ErrorCode, status: number, detail?: string, errors?: FieldError[]): HttpProblem {
  return new HttpProblem(code, status, detail, errors);
}

/**
 * 422 `not_eligible`, worded once for every refusal of the eligibility rule (docs/product.md §4.13): «Ahora
 * mismo <refused>: <the reasons>.», each reason also on `boatId`. `refused` says what may not be done
 * («no se puede bajar este barco»).
 */
export function notEligibleProblem(reasons: readonly EligibilityReason[], refused: string): HttpProblem {
  return problem(
    'not_eligible',
    422,
    `Ahora mismo ${refused}: ${reasons.map((reason) => reason.text.toLowerCase()).join(', ')}.`,
    reasons.map((reason) => ({ field: 'boatId', code: reason.code, message: reason.text })),
  );
}

/** Answers in seconds, as Retry-After wants them (at least 1). */
export function retryAfter(ms: number): Record<string, string> {
  return { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) };
}

export function problemBody(code: ErrorCode, status: number, detail?: string, errors?: FieldError[]): Problem {
  return {
    type: `urn:marina:problem:${code}`,
    title: TITLES[code],
    status,
    code,
    ...(detail === undefined ? {} : { detail }),
    ...(errors === undefined || errors.length === 0 ? {} : { errors }),
  };
}

/** Shared JSON schema of a problem body, registered once with `app.addSchema`. */
export const problemSchema = {
  $id: 'Problem',
  type: 'object',
  description: 'RFC 9457 problem details',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string', enum: [...ERROR_CODES] },
    detail: { type: 'string' },
    instance: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'code'],
      },
    },
  },
  required: ['type', 'title', 'status', 'code'],
} as const;

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request, validation failed, or the X-Client-Id header is missing or unknown',
  401: 'No live session',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Body too large',
  415: 'Body is not JSON',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

/** Response schemas for a route's error statuses, so the OpenAPI document lists them as problem+json. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    [...new Set([...statuses, 500])].map((status) => [
      status,
      {
        description: STATUS_DESCRIPTIONS[status] ?? 'Problem',
        content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
      },
    ]),
  );
}
