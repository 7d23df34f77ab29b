import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../components/button.tsx';
import { Icon } from '../../components/icons.tsx';
import * as listCss from '../../components/list-row.css.ts';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import { BOAT_STATE_LABELS } from '../../domain/boats.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { boatsQuery } from './api/boats.ts';
import { BoatPill, EligibilityBadges } from './boat-summary.tsx';
import * as css from './boats.css.ts';
import { boatTexts as t } from './texts.ts';

/** `inicio`'s boats: each with its state and what keeps it from being used, with the fix. The same list as `misbarcos`. */
export default function BoatsCard() {
  const { api } = useServices();
  const query = useQuery(boatsQuery(api));
  const state = loadState(query);
  const boats = query.data?.boats;
  return (
    <section className={ui.card} aria-labelledby="inicio-barcos">
      <h2 id="inicio-barcos">{t.dashboardTitle}</h2>
      <div className={ui.stack}>
        {state === 'loading' ? <Loading label={t.loadingBoats} /> : null}
        {state === 'error' ? <LoadError error={query.error} retry={() => void query.refetch()} /> : null}
        {boats?.length === 0 ? <p>{t.noBoats}</p> : null}
        {boats && boats.length > 0 ? (
          <ul className={css.list}>
            {boats.map((boat) => (
              <li key={boat.id} className={css.inicioBoat}>
                <div className={css.boatHead}>
                  <span className={listCss.tile}>
                    <Icon name="boat" className={listCss.tileIcon} />
                  </span>
                  <div className={css.boatTitle}>
                    <h3 className={css.name}>{boat.name}</h3>
                    <p className={css.boatLine}>{BOAT_STATE_LABELS[boat.state]}</p>
                    {boat.role === 'authorised' && boat.authorisation ? (
                      <p className={css.boatLine}>
                        {t.boatOf(`${boat.authorisation.owner.firstName} ${boat.authorisation.owner.surnames}`)}
                      </p>
                    ) : null}
                  </div>
                  <BoatPill boat={boat} />
                </div>
                {boat.eligibility.eligible ? null : <EligibilityBadges boat={boat} />}
              </li>
            ))}
          </ul>
        ) : null}
        {boats?.length === 0 ? (
          <ButtonLink to={href.altaContrato()} fullWidth>
            {t.requestContract}
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.misbarcos} variant="secondary" fullWidth>
            {t.seeBoats}
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
