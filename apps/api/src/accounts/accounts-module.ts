import type { ApiModule } from '../api-module.ts';
import { accountSchemas } from './account-schemas.ts';
import { passwordResetRoutes } from './password-reset-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { registrationRoutes } from './registration-routes.ts';

/** Accounts: registration and activation, password recovery, the profile and its deletion. */
export const accountsModule: ApiModule = {
  name: 'accounts',
  schemas: accountSchemas,
  routes: async (api, { services }) => {
    await api.register(registrationRoutes, { services });
    await api.register(passwordResetRoutes, { services });
    await api.register(profileRoutes, { services });
  },
};
