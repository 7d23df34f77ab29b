import type { ApiModule } from '../api-module.ts';
import { launchReminderHandler, stowReminderHandler } from './launch-reminders.ts';
import { launchRoutes } from './launch-routes.ts';
import { launchSchemas } from './launch-schemas.ts';
import { launchSweepHandler } from './launch-sweep.ts';

/** Launches: the day's slots, booking, moving and cancelling, their reminders and expiry. */
export const launchesModule: ApiModule = {
  name: 'launches',
  schemas: launchSchemas,
  routes: launchRoutes,
  jobs: ({ services: { directory, config } }) => [
    launchReminderHandler(directory, config),
    stowReminderHandler(directory, config),
    launchSweepHandler(directory, config),
  ],
};
