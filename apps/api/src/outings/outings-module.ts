import type { ApiModule } from '../api-module.ts';
import { devOutingRoutes } from './dev-outing-routes.ts';
import { outingOverdueHandler } from './outing-overdue.ts';
import { outingRoutes } from './outing-routes.ts';
import { outingSchemas } from './outing-schemas.ts';

/** Outings at sea: logging one, coming back, and the alarm when one is overdue (staff's are the staff module's). */
export const outingsModule: ApiModule = {
  name: 'outings',
  schemas: outingSchemas,
  routes: async (api, { services }) => {
    await api.register(outingRoutes, { services });
    // Only when asked for (DEV_ROUTES=1, refused in production).
    if (services.config.devRoutes) await api.register(devOutingRoutes, { services });
  },
  jobs: ({ services: { directory, config } }) => [outingOverdueHandler(directory, config)],
};
