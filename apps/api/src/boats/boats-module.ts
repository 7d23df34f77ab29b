import type { ApiModule } from '../api-module.ts';
import { boatRoutes } from './boat-routes.ts';
import { boatSchemas } from './boat-schemas.ts';
import { contractExpiryHandler } from './contract-expiry.ts';
import { contractRoutes } from './contract-routes.ts';
import { dataValidationRoutes } from './data-validation-routes.ts';
import { validationDueHandler } from './validation-due.ts';

/** Boats, their storage contracts and the yearly validation of the owner's data (and telling when it is due). */
export const boatsModule: ApiModule = {
  name: 'boats',
  schemas: boatSchemas,
  routes: async (api, { services }) => {
    await api.register(boatRoutes, { services });
    await api.register(contractRoutes, { services });
    await api.register(dataValidationRoutes, { services });
  },
  jobs: ({ services: { directory, config } }) => [contractExpiryHandler, validationDueHandler(directory, config)],
};
