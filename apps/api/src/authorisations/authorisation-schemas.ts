/**
 * The shared schemas of what the authorisations calls answer, registered once (`$ref: 'Authorisation#'`)
 * for the serialiser and the OpenAPI document. Each is described once, with its type, in the domain
 * (decision 045), as request bodies are (decision 016).
 */
import { authorisationResponse, boatAuthorisationResponse } from '@marina/core/domain/authorisations.ts';
import { licenceResponse } from '@marina/core/domain/data-validation.ts';

/** References first. */
export const authorisationSchemas = [licenceResponse, authorisationResponse, boatAuthorisationResponse];
