import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/icons.tsx';
import { Link } from '../../components/link.tsx';
import * as listCss from '../../components/list-row.css.ts';
import { StatusPill } from '../../components/status-pill.tsx';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { cardQuery } from './api/card.ts';
import { shownVerdict } from './card-state.ts';
import * as css from './card.css.ts';
import { cardTexts as t } from './texts.ts';

/**
 * `inicio`'s first answer: may I use my boats today? The card's verdict in colour and words, with its first
 * reason when red, one tap from the card itself. Nothing while it loads or when it cannot: the card's own
 * screen says why.
 */
export default function CardVerdictCard() {
  const { api } = useServices();
  const query = useQuery(cardQuery(api));
  const card = query.data;
  if (!card) return null;
  const shown = shownVerdict(card, query.dataUpdatedAt);
  const firstReason = card.verdict.valid ? undefined : card.verdict.reasons[0];
  const line =
    shown === 'valid' ? t.inicioValid : shown === 'unchecked' ? t.inicioUnchecked : (firstReason?.text ?? t.redTitle);
  return (
    <section className={css.inicioCard} data-verdict={shown} aria-labelledby="inicio-carnet">
      <Link to={shown === 'invalid' ? paths.carnetRojo : paths.carnetVerde} className={listCss.row}>
        <span className={css.inicioTile} data-verdict={shown}>
          <Icon name="card" className={listCss.tileIcon} />
        </span>
        <span className={listCss.body}>
          <h2 id="inicio-carnet" className={listCss.title}>
            {t.title}
          </h2>
          <span className={listCss.secondary}>{line}</span>
        </span>
        <span className={listCss.trailing}>
          {shown === 'valid' ? (
            <StatusPill tone="success">{t.pillValid}</StatusPill>
          ) : shown === 'invalid' ? (
            <StatusPill tone="danger">{t.pillInvalid}</StatusPill>
          ) : (
            <StatusPill tone="neutral">{t.unchecked}</StatusPill>
          )}
          <Icon name="chevron" className={listCss.chevron} />
        </span>
      </Link>
    </section>
  );
}
