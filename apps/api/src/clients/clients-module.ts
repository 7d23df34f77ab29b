import { clientSettingsResponse, marinaResponse } from '@marina/core/domain/marina.ts';
import type { ApiModule } from '../api-module.ts';
import { clientRoutes } from './client-routes.ts';

/** The marinas: each one's public settings. */
export const clientsModule: ApiModule = {
  name: 'clients',
  // Described once, with their types, in the domain (decision 045): `$ref: 'Marina#'`, `$ref: 'ClientSettings#'`.
  schemas: [clientSettingsResponse, marinaResponse],
  routes: clientRoutes,
};
