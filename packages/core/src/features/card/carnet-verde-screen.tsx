import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { Notice } from '../../components/notice.tsx';
import { formatCardNumber, type Card } from '../../domain/cards.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { cardQuery } from './api/card.ts';
import { useCardQr, useWakeLock } from './card-hooks.ts';
import { shownVerdict } from './card-state.ts';
import { CardFacts, HolderName, Reissue } from './card-view.tsx';
import * as css from './card.css.ts';
import { cardTexts as t } from './texts.ts';

/** The QR of the moment, renewed by itself, with the number under it for typing by hand. */
function CardQr({ card, fetchedAt }: { card: Card; fetchedAt: number }) {
  const value = useCardQr(card, fetchedAt);
  const number = formatCardNumber(card.number);
  return (
    <>
      <QRCodeSVG
        value={value}
        size={320}
        level="M"
        marginSize={4}
        bgColor="#ffffff"
        fgColor="#000000"
        className={css.qr}
        role="img"
        title={t.qrLabel(number)}
        data-testid="card-qr"
      />
      <p className={css.number}>
        <span className={ui.visuallyHidden}>{t.number}: </span>
        {number}
      </p>
    </>
  );
}

/**
 * The green card (docs/product.md §4.10): holder, role, marina, boats, valid-until and the QR the gate
 * scans. Never for a red verdict: that goes to `carnet-rojo`. A green verdict fetched more than 24 hours
 * ago shows as «Sin comprobar», not green. Opens offline from the copy kept on the phone; the screen is
 * kept awake while it shows.
 */
export default function CarnetVerdeScreen() {
  const { api } = useServices();
  const query = useQuery(cardQuery(api));
  const [notice, setNotice] = useState<string>();
  const card = query.data;
  useWakeLock(card !== undefined && card.verdict.valid);
  if (card && !card.verdict.valid) return <Navigate to={paths.carnetRojo} replace />;
  const state = loadState(query);
  const shown = card ? shownVerdict(card, query.dataUpdatedAt) : undefined;
  return (
    <Page title={t.title}>
      <div className={ui.stack}>
        {state === 'loading' ? <Loading label={t.loading} /> : null}
        {state === 'error' ? <LoadError error={query.error} retry={() => void query.refetch()} /> : null}
        <StaleNotice query={query} />
        <Notice text={notice} />
        {card && shown ? (
          <article className={css.card} aria-labelledby="carnet-veredicto">
            <p id="carnet-veredicto" className={css.verdict[shown]}>
              {shown === 'valid' ? t.valid : t.unchecked}
            </p>
            {shown === 'unchecked' ? <p>{t.uncheckedLead}</p> : null}
            <HolderName card={card} />
            <CardQr card={card} fetchedAt={query.dataUpdatedAt} />
            <p className={ui.muted}>{t.showAtGate}</p>
            <CardFacts card={card} fetchedAt={query.dataUpdatedAt} />
          </article>
        ) : null}
        {card ? <Reissue onDone={setNotice} /> : null}
      </div>
    </Page>
  );
}
