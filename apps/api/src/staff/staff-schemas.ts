/**
 * The shared schemas of what only the staff calls answer, registered once (`$ref: 'StaffCustomer#'`).
 * Each is described once, with its type, in the domain (decision 045).
 */
import { staffCustomerResponse, staffSettingsResponse } from '@marina/core/domain/staff.ts';

export const staffSchemas = [staffCustomerResponse, staffSettingsResponse];
