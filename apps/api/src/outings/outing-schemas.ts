/**
 * The shared schemas of what the outing calls answer, registered once (`$ref: 'Outing#'`) for the serialiser
 * and the OpenAPI document. Each is described once, with its type, in the domain (decision 045).
 */
import {
  outingListResponse,
  outingOptionsResponse,
  outingResponse,
  staffOutingListResponse,
  staffOutingResponse,
} from '@marina/core/domain/outings.ts';

export const outingSchemas = [
  outingResponse,
  outingListResponse,
  staffOutingResponse,
  staffOutingListResponse,
  outingOptionsResponse,
];
