import { Page } from '../../components/page.tsx';
import * as ui from '../../components/ui.css.ts';
import { byOrder, type DashboardCard } from '../../lib/contributions.ts';
import { useSignedIn } from '../../lib/signed-in.ts';
import { accountTexts as t } from './texts.ts';

/** The dashboard: who, what is due, what is new. Each feature adds its card in `app/dashboard.ts`. */
export default function InicioScreen({ cards }: { cards: readonly DashboardCard[] }) {
  const { account } = useSignedIn();
  return (
    <Page title={t.greeting(account.firstName)}>
      <div className={ui.stack}>
        {byOrder(cards).map(({ id, Card }) => (
          <Card key={id} />
        ))}
      </div>
    </Page>
  );
}
