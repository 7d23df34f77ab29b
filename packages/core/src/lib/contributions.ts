import type { ComponentType } from 'react';
import type { IconName } from '../components/icons.tsx';
import type { SessionInfo } from '../domain/accounts.ts';

/**
 * What features add to the screens every feature shows in (`inicio`, `mas`) without those screens
 * importing them: the lists live in `app/` (`app/dashboard.ts`, `app/more-menu.ts`), which may import
 * every feature, and the route hands them to the screen.
 */

/** A card of `inicio`, the dashboard (`app/dashboard.ts`). Smaller `order` first. */
export interface DashboardCard {
  id: string;
  order: number;
  Card: ComponentType;
}

/** An entry of the `mas` menu. Smaller `order` first. */
export interface MoreEntry {
  to: string;
  label: string;
  icon: IconName;
  /** One line under the label: what is behind it. */
  description: string;
  order: number;
  /** A count shown beside the label (unread notifications), from who is signed in; 0 shows none. */
  badge?: (session: SessionInfo) => number;
}

export const byOrder = <T extends { order: number }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.order - b.order);
