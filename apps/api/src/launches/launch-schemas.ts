/**
 * The shared schemas of what the launch calls answer, registered once (`$ref: 'Launch#'`) for the serialiser
 * and the OpenAPI document. Each is described once, with its type, in the domain (decision 045).
 */
import {
  closureResponse,
  launchDaysResponse,
  launchListResponse,
  launchResponse,
  launchSlotDayResponse,
  staffLaunchDayResponse,
  staffLaunchResponse,
} from '@marina/core/domain/launches.ts';

export const launchSchemas = [
  launchResponse,
  launchListResponse,
  launchSlotDayResponse,
  launchDaysResponse,
  staffLaunchResponse,
  staffLaunchDayResponse,
  closureResponse,
];
