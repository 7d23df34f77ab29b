import type { ApiModule } from '../api-module.ts';
import { authorisationExpiryHandler } from './authorisation-expiry.ts';
import { authorisationRoutes } from './authorisation-routes.ts';
import { authorisationSchemas } from './authorisation-schemas.ts';

/** The persons an owner authorises to use a boat, and their expiry. */
export const authorisationsModule: ApiModule = {
  name: 'authorisations',
  schemas: authorisationSchemas,
  routes: authorisationRoutes,
  jobs: () => [authorisationExpiryHandler],
};
