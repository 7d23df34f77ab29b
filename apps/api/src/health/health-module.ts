import type { ApiModule } from '../api-module.ts';
import { healthRoutes } from './health-routes.ts';

/** Liveness and database reachability, for load balancers. */
export const healthModule: ApiModule = {
  name: 'health',
  routes: async (api, { services }) => {
    await api.register(healthRoutes, { db: services.db });
  },
};
