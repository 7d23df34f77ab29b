import { useEffect, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { messageFor } from '../../api/error-catalogue.ts';
import { Button } from '../../components/button.tsx';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { Loading } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import { CARD_ROLE_LABELS, type CardCheck } from '../../domain/cards.ts';
import { href } from '../../lib/paths.ts';
import { useConfig, useServices } from '../../lib/services.tsx';
import { formatTime } from '../../domain/format-dates.ts';
import { checkCard } from './api/card.ts';
import * as css from './card.css.ts';
import { cardTexts as t } from './texts.ts';
import { type Fact, Facts } from '../../components/facts.tsx';
import * as reasonsCss from '../../components/reasons.css.ts';
import { reasonWeight } from '../../domain/eligibility.ts';

/** The answer for one card, code and attempt (`asked`); anything else is still being checked. */
type Outcome = { asked: string } & ({ state: 'done'; check: CardCheck } | { state: 'failed'; error: unknown });

/**
 * A code that proves nothing (stale, old screenshot, phone clock off, unreadable, or a card unknown here: the
 * API answers them alike, `codeStale`) is amber «Código caducado» with what to do, never «NO VÁLIDO»: it
 * says nothing about the card. Red is only for a card proven by its code whose verdict is red.
 */
function StaleResult({ check }: { check: CardCheck }) {
  const { timeZone } = useConfig();
  return (
    <article className={css.card} aria-labelledby="comprobacion-veredicto" data-verdict="stale">
      <p id="comprobacion-veredicto" className={css.staleBand}>
        {t.codeStale}
      </p>
      <p>{t.codeStaleLead}</p>
      <p className={ui.muted}>{t.checkedAtTime(formatTime(new Date(check.checkedAt), timeZone, { seconds: true }))}</p>
    </article>
  );
}

function CheckResult({ check }: { check: CardCheck }) {
  const { timeZone } = useConfig();
  if (check.codeStale) return <StaleResult check={check} />;
  const rows: Fact[] = [];
  if (check.holder) rows.push([t.holder, `${check.holder.firstName} ${check.holder.surnameInitial}`]);
  if (check.role) rows.push([t.role, CARD_ROLE_LABELS[check.role]]);
  rows.push([
    t.boats,
    check.boats.length === 0 ? (
      t.noBoats
    ) : (
      <ul className={css.boatList}>
        {check.boats.map((boat) => (
          <li key={boat.name}>
            {boat.name}: {boat.valid ? t.boatUsable : t.boatNotUsable}
          </li>
        ))}
      </ul>
    ),
  ]);
  if (check.valid) rows.push([t.validUntil, check.validUntil ? t.until(check.validUntil) : t.noEnd]);
  return (
    <article
      className={css.card}
      aria-labelledby="comprobacion-veredicto"
      data-verdict={check.valid ? 'valid' : 'invalid'}
    >
      <p id="comprobacion-veredicto" className={css.verdict[check.valid ? 'valid' : 'invalid']}>
        {check.valid ? t.valid : t.invalid}
      </p>
      {check.reasons.length > 0 ? (
        <ul className={reasonsCss.badges} aria-label={t.reasonsTitle}>
          {check.reasons.map((reason) => (
            <li
              key={`${reason.code}:${reason.text}`}
              className={reasonsCss.badge}
              data-weight={reasonWeight(reason.code)}
            >
              {reason.text}
            </li>
          ))}
        </ul>
      ) : null}
      <Facts rows={rows} />
      <p className={ui.muted}>{t.checkedAtTime(formatTime(new Date(check.checkedAt), timeZone, { seconds: true }))}</p>
    </article>
  );
}

/**
 * What anyone who scans a card's QR sees (docs/product.md §4.10), signed in or not, on any phone: no intro
 * slides, no sign-in (a public route without the first-start gate), the answer at once. A failure on the
 * way is «No se pudo comprobar» with a retry, never «no válido»; too many checks say so and when to retry,
 * and, to someone not signed in, that the marina's staff check without those limits once signed in on the
 * phone (the session goes with the check: decision 040), with the way to sign in and come back.
 */
export default function CheckQrScreen() {
  const { api, session } = useServices();
  const { pathname, search } = useLocation();
  const { idTarjeta = '' } = useParams();
  const code = useSearchParams()[0].get('c');
  const [attempt, setAttempt] = useState(0);
  const asked = JSON.stringify([idTarjeta, code, attempt]);
  const [answer, setAnswer] = useState<Outcome>();
  const retry = () => setAttempt((count) => count + 1);
  useEffect(() => {
    let current = true;
    checkCard(api, idTarjeta, code).then(
      (check) => current && setAnswer({ asked, state: 'done', check }),
      (error: unknown) => current && setAnswer({ asked, state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [api, idTarjeta, code, asked]);
  const outcome = answer?.asked === asked ? answer : { state: 'checking' as const };
  const limited = outcome.state === 'failed' && outcome.error instanceof ApiError && outcome.error.status === 429;
  return (
    <Page title={t.checkTitle}>
      <div className={ui.stack} aria-live="polite">
        {outcome.state === 'checking' ? <Loading label={t.checking} /> : null}
        {outcome.state === 'done' ? <CheckResult check={outcome.check} /> : null}
        {outcome.state === 'failed' ? (
          <div className={css.card} role="alert">
            <p className={css.verdict.unchecked}>{limited ? t.tooMany : t.checkFailed}</p>
            <p>{limited ? messageFor(outcome.error) : t.checkFailedLead}</p>
            {limited ? null : <p>{messageFor(outcome.error)}</p>}
            {limited && !session.current() ? (
              <p>
                {t.tooManyStaff} <Link to={href.login(`${pathname}${search}`)}>{t.staffSignIn}</Link>
              </p>
            ) : null}
          </div>
        ) : null}
        {outcome.state === 'failed' ? (
          <Button fullWidth onClick={retry}>
            {t.retry}
          </Button>
        ) : null}
      </div>
    </Page>
  );
}
