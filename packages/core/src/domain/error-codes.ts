/**
 * Every stable `code` the API may put in a problem+json answer. The server imports this list to type
 * what it sends; the message catalogue (`messages/`, decision 044) must word each one.
 */
export const ERROR_CODES = [
  // Transport and platform
  'bad_request',
  'validation_failed',
  'not_found',
  'method_not_allowed',
  'unsupported_media_type',
  'payload_too_large',
  'body_too_deep',
  'body_too_complex',
  'unknown_client',
  'client_required',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  // Sessions and CSRF
  'unauthenticated',
  'forbidden',
  'csrf_failed',
  'origin_not_allowed',
  // Idempotency
  'idempotency_key_reused',
  'idempotency_in_progress',
  'idempotency_key_invalid',
  // Accounts
  'invalid_credentials',
  'account_not_active',
  'code_invalid',
  'code_expired',
  'code_attempts_exceeded',
  'resend_too_soon',
  'token_invalid',
  'password_too_common',
  'current_password_incorrect',
  'contact_unavailable',
  'account_already_active',
  'email_already_confirmed',
  // Boats, contracts, data validation, staff
  'not_eligible',
  'state_conflict',
  'contract_already_open',
  'registration_taken',
  'certificate_type_not_allowed',
  'certificate_too_large',
  'setting_invalid',
  // Launches
  'slot_invalid',
  'slot_full',
  'slot_closed',
  'slot_too_soon',
  'slot_too_far',
  'return_after_closing',
  'boat_has_open_launch',
  'too_many_open_launches',
  'change_too_late',
  // Authorised persons
  'authorisation_limit_reached',
  'authorisation_duplicate',
  'authorising_self',
  'phone_country_not_allowed',
  'licence_expires_in_period',
  // Outings at sea
  'boat_not_in_water',
  'boat_already_at_sea',
  'skipper_not_allowed',
  'departure_invalid',
  'return_in_past',
  'outing_too_long',
  'extend_not_later',
  'outing_at_sea',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** One field's problem: `field` is the form's field name (dotted for nested ones). */
export interface FieldError {
  field: string;
  code: string;
  message?: string;
}

/** RFC 9457 problem details as this platform sends them. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail?: string;
  instance?: string;
  errors?: FieldError[];
}
