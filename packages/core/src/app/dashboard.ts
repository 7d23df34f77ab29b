import AccountStatusCard from '../features/account/status-card.tsx';
import BoatsCard from '../features/boats/inicio-card.tsx';
import DataValidationCard from '../features/data-validation/inicio-card.tsx';
import NextLaunchCard from '../features/launches/inicio-card.tsx';
import NotificationsCard from '../features/notifications/inicio-card.tsx';
import AtSeaCard from '../features/outings/inicio-card.tsx';
import type { DashboardCard } from '../lib/contributions.ts';

/**
 * The cards of `inicio`: a feature adds one line here, and `inicio` never imports the feature. This
 * module is loaded with `inicio` (never with the entry), so the cards come in one chunk with it.
 */
export const dashboard: readonly DashboardCard[] = [
  // Before everything while due: nothing else works until the data are confirmed.
  { id: 'data-validation', order: 0, Card: DataValidationCard },
  { id: 'account-status', order: 10, Card: AccountStatusCard },
  // Out on the water, the way back comes first: right after the account's state, before the next launch.
  { id: 'at-sea', order: 11, Card: AtSeaCard },
  // Why the app exists: the next launch comes right after the account's state.
  { id: 'next-launch', order: 12, Card: NextLaunchCard },
  { id: 'boats', order: 15, Card: BoatsCard },
  { id: 'notifications', order: 20, Card: NotificationsCard },
];
