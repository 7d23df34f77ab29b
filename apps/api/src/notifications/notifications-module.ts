import type { ApiModule } from '../api-module.ts';
import { notificationRoutes } from './notification-routes.ts';

/** What the marina tells a customer in the app. */
export const notificationsModule: ApiModule = {
  name: 'notifications',
  routes: notificationRoutes,
};
