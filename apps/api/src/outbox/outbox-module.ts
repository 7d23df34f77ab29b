import type { ApiModule } from '../api-module.ts';
import { devOutboxRoutes } from './dev-outbox-routes.ts';
import { outboxLanes, sendMessageHandlers } from './outbox-sending.ts';
import { marinaSendsSmsTo } from './sms-countries.ts';

/** The codes and notices the marina sends by e-mail and SMS: one job per message (decision 014). */
export const outboxModule: ApiModule = {
  name: 'outbox',
  routes: async (api, { services }) => {
    // Codes and links in clear: only when asked for (DEV_ROUTES=1, refused in production).
    if (services.config.devRoutes) await api.register(devOutboxRoutes, { services });
  },
  jobs: ({ services: { config, directory }, transports, log }) =>
    sendMessageHandlers(transports, log, config.outboxConcurrency, (clientId, phone) => {
      const client = directory.get(clientId);
      return client !== undefined && marinaSendsSmsTo(client, phone);
    }),
  // Each provider's lanes run as many sends at once as it takes (decision 039); the other lanes one job at a time.
  lanes: (config) => outboxLanes(config.outboxConcurrency),
};
