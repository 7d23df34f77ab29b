import { pushKeyResponse } from '@marina/core/domain/push.ts';
import type { ApiModule } from '../api-module.ts';
import { pushRoutes } from './push-routes.ts';

/** Web Push: the deployment's public key and each browser's subscription (issue 23; sending comes later). */
export const pushModule: ApiModule = {
  name: 'push',
  // Described once, with its type, in the domain (decision 045): `$ref: 'PushKey#'`.
  schemas: [pushKeyResponse],
  routes: pushRoutes,
};
