import { notificationListResponse, notificationResponse } from '@marina/core/domain/accounts.ts';
import type { ApiModule } from '../api-module.ts';
import { notificationRoutes } from './notification-routes.ts';

/** What the marina tells a customer in the app. */
export const notificationsModule: ApiModule = {
  name: 'notifications',
  // Described once, with their types, in the domain (decision 045): `$ref: 'NotificationList#'`.
  schemas: [notificationResponse, notificationListResponse],
  routes: notificationRoutes,
};
