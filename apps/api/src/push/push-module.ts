import {
  notificationPreferencesResponse,
  pushKeyResponse,
  pushSubscriptionListResponse,
} from '@marina/core/domain/push.ts';
import type { ApiModule } from '../api-module.ts';
import { preferenceRoutes } from './preference-routes.ts';
import { pushRoutes } from './push-routes.ts';
import { PUSH_LANES, sendPushHandlers, webPushTransport } from './push-sending.ts';

/**
 * Web Push (issue 23): the deployment's public key, each browser's subscription, each account's channel per
 * kind of notice, and the jobs that send the pushes (decision 061), in lanes of their own.
 */
export const pushModule: ApiModule = {
  name: 'push',
  // Described once, with their types, in the domain (decision 045): `$ref: 'PushKey#'`…
  schemas: [pushKeyResponse, pushSubscriptionListResponse, notificationPreferencesResponse],
  routes: async (api, { services }) => {
    await api.register(pushRoutes, { services });
    await api.register(preferenceRoutes, { services });
  },
  jobs: ({ services, transports, log }) =>
    sendPushHandlers(transports.push ?? webPushTransport(services.config.vapid), log, services.config.pushServiceHosts),
  lanes: () => PUSH_LANES,
};
