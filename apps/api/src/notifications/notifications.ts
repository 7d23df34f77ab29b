/** Writing and counting a customer's notifications (docs/product.md §4.12). */
import type { AppNotification, NotificationType } from '@marina/core/domain/accounts.ts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { notifications, type NotificationRow } from './notifications.schema.ts';

export interface NewNotification {
  clientId: number;
  accountId: string;
  type: NotificationType;
  title: string;
  body: string;
  /** A path inside the app. */
  link: string | null;
}

export async function createNotification(db: Executor, notification: NewNotification, now: Date): Promise<void> {
  await db.insert(notifications).values({ ...notification, createdAt: now });
}

export async function unreadCount(db: Executor, accountId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}

export function toAppNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
