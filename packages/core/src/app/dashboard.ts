import type { DashboardContribution } from '../lib/contributions.ts';

/** The cards of `inicio`: a feature adds one line here, and `inicio` never imports the feature. */
export const dashboard: readonly DashboardContribution[] = [
  { id: 'account-status', order: 10, load: () => import('../features/account/status-card.tsx') },
  { id: 'notifications', order: 20, load: () => import('../features/notifications/inicio-card.tsx') },
];
