import type { ApiModule } from '../api-module.ts';
import { staffRoutes } from './staff-routes.ts';
import { staffSchemas } from './staff-schemas.ts';

/** The marina staff's calls, under `/staff`: customers, boats, contracts, settings, launches and outings. */
export const staffModule: ApiModule = {
  name: 'staff',
  schemas: staffSchemas,
  routes: async (api, { services }) => {
    await api.register(staffRoutes, { services, prefix: '/staff' });
  },
};
