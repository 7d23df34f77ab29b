/**
 * The shared schemas of what the account calls answer (the session, registration, password recovery, the
 * profile), registered once (`$ref: 'SessionInfo#'`) for the serialiser and the OpenAPI document. Each is
 * described once, with its type, in the domain (decision 045).
 */
import {
  accountSummaryResponse,
  activationInfoResponse,
  codeSentResponse,
  contactChangeStartedResponse,
  emailConfirmationSentResponse,
  profileUpdatedResponse,
  registrationStartedResponse,
  registrationValidatedResponse,
  resetCodeSentResponse,
  resetStartedResponse,
  sessionInfoResponse,
} from '@marina/core/domain/accounts.ts';

/** Every shared schema of this module, for `app.addSchema` (references first). */
export const accountSchemas = [
  accountSummaryResponse,
  sessionInfoResponse,
  codeSentResponse,
  registrationStartedResponse,
  registrationValidatedResponse,
  activationInfoResponse,
  resetCodeSentResponse,
  resetStartedResponse,
  contactChangeStartedResponse,
  profileUpdatedResponse,
  emailConfirmationSentResponse,
];
