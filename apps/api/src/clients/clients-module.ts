import type { ApiModule } from '../api-module.ts';
import { clientRoutes } from './client-routes.ts';
import { clientSettingsSchema } from './client-settings.ts';

/** The marinas: each one's public settings. */
export const clientsModule: ApiModule = {
  name: 'clients',
  schemas: [clientSettingsSchema],
  routes: clientRoutes,
};
