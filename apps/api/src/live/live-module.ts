import type { ApiModule } from '../api-module.ts';
import { liveRoutes } from './live-routes.ts';

/** Live screens: the signed-in account's event stream, fed by the database's change notices (decision 062). */
export const liveModule: ApiModule = {
  name: 'live',
  routes: liveRoutes,
};
