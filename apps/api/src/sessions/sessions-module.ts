import type { ApiModule } from '../api-module.ts';
import { sessionRoutes } from './session-routes.ts';

/** Signing in and out (the lookup of a request's session is the `session-lookup` plugin's). */
export const sessionsModule: ApiModule = {
  name: 'sessions',
  routes: sessionRoutes,
};
