/**
 * The shared schemas of what the boats, contracts and data validation calls answer, registered once
 * (`$ref: 'Boat#'`) for the serialiser and the OpenAPI document. Each is described once, with its type, in
 * the domain (decision 045).
 */
import { boatResponse, contractResponse, insuranceResponse } from '@marina/core/domain/boats.ts';
import { dataValidationStatusResponse } from '@marina/core/domain/data-validation.ts';
import { eligibilityReasonResponse } from '@marina/core/domain/eligibility.ts';
import { staffBoatResponse, staffContractResponse } from '@marina/core/domain/staff.ts';

/** Every shared schema of this module, for `app.addSchema` (references first). */
export const boatSchemas = [
  eligibilityReasonResponse,
  contractResponse,
  insuranceResponse,
  boatResponse,
  staffBoatResponse,
  staffContractResponse,
  dataValidationStatusResponse,
];

/** `{ <key>: [items] }` answers, documented with one example item. */
export function listOf(key: string, ref: string, description: string) {
  return {
    description,
    type: 'object',
    properties: { [key]: { type: 'array', items: { $ref: ref } } },
    required: [key],
  } as const;
}
