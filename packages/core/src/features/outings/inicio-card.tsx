import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ButtonLink } from '../../components/button.tsx';
import * as ui from '../../components/ui.css.ts';
import { useMarina } from '../../lib/marina.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { joinOutingPages, outingsQuery } from './api/outings.ts';
import { FocusedNotice, OutingActions } from './outing-actions.tsx';
import { OutingFacts } from './outing-facts.tsx';
import * as css from './outings.css.ts';
import { outingTexts as t } from './texts.ts';

/**
 * `inicio`'s outings at sea and their expected return, from the same kept list as `salidas` (readable at sea
 * without coverage). Nothing when no outing is at sea: the card is there for the person out on the water
 * (decision 031). An overdue one says so in words, with the marina's phone and «He vuelto» right here; once
 * marked, the card says so (focused) until the screen is left.
 */
export default function AtSeaCard() {
  const { api } = useServices();
  const query = useInfiniteQuery({ ...outingsQuery(api), select: joinOutingPages });
  const marina = useMarina();
  const [notice, setNotice] = useState<string>();
  const atSea = query.data?.atSea ?? [];
  if ((atSea.length === 0 && !notice) || !marina.data) return null;
  const overdue = atSea.some((outing) => outing.state === 'overdue');
  return (
    <section className={overdue ? `${css.atSea} ${css.overdueCard}` : css.atSea} aria-labelledby="inicio-en-el-mar">
      <h2 id="inicio-en-el-mar">{t.dashboardTitle}</h2>
      <div className={ui.stack}>
        <FocusedNotice text={notice} />
        {atSea.map((outing) => (
          <div key={outing.id} className={ui.stack}>
            <h3 className={css.name}>{outing.boatName}</h3>
            <OutingFacts outing={outing} timeZone={marina.data.timeZone} />
            {outing.state === 'overdue' ? (
              <OutingActions
                outing={outing}
                marina={marina.data}
                focusReturn={false}
                onNotice={setNotice}
                extend={false}
              />
            ) : null}
          </div>
        ))}
        <ButtonLink to={paths.salidas} variant="secondary" fullWidth>
          {t.seeAll}
        </ButtonLink>
      </div>
    </section>
  );
}
