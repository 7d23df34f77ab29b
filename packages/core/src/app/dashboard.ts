import AccountStatusCard from '../features/account/status-card.tsx';
import BoatsCard from '../features/boats/inicio-card.tsx';
import CardVerdictCard from '../features/card/inicio-card.tsx';
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
  // Out on the water, the way back comes first: «He vuelto» stays above the fold.
  { id: 'at-sea', order: 3, Card: AtSeaCard },
  // The first answer people open the app for: may I use my boats today (the card's verdict)?
  { id: 'card-verdict', order: 5, Card: CardVerdictCard },
  // Why the app exists: the next launch comes right after the verdict.
  { id: 'next-launch', order: 12, Card: NextLaunchCard },
  { id: 'boats', order: 15, Card: BoatsCard },
  { id: 'notifications', order: 20, Card: NotificationsCard },
  // That all is in order is the least news: last.
  { id: 'account-status', order: 30, Card: AccountStatusCard },
];
