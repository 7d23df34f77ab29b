import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, type ReactNode } from 'react';
import { ConfirmPanel, useInPlace } from '../../components/actions.tsx';
import { Button } from '../../components/button.tsx';
import { Link } from '../../components/link.tsx';
import * as reasonsCss from '../../components/reasons.css.ts';
import { StatusPill } from '../../components/status-pill.tsx';
import * as ui from '../../components/ui.css.ts';
import { CARD_ROLE_LABELS, formatCardNumber, type Card, type CardReason } from '../../domain/cards.ts';
import { useConfig, useServices } from '../../lib/services.tsx';
import { formatWhen } from '../../domain/format-dates.ts';
import { reissueCard } from './api/card.ts';
import { useCardQr } from './card-hooks.ts';
import type { ShownVerdict } from './card-state.ts';
import * as css from './card.css.ts';
import { cardTexts as t } from './texts.ts';
import { type Fact, Facts } from '../../components/facts.tsx';
import { reasonWeight } from '../../domain/eligibility.ts';

/** When the verdict shown was fetched from the server, in the marina's zone: «hoy, 13:30». */
export const fetchedText = (fetchedAt: number, timeZone: string) => formatWhen(new Date(fetchedAt), timeZone);

/** The rest of what the card says, under the boats: validity, role, marina, when the verdict was fetched. */
export function CardFacts({ card, fetchedAt }: { card: Card; fetchedAt: number }) {
  const { timeZone } = useConfig();
  const rows: Fact[] = [
    ...(card.verdict.valid ? ([[t.validUntil, card.validUntil ? t.until(card.validUntil) : t.noEnd]] as Fact[]) : []),
    [t.role, CARD_ROLE_LABELS[card.role]],
    [t.marina, card.marina.title],
    [t.checkedAt, fetchedText(fetchedAt, timeZone)],
  ];
  return (
    <div className={css.factsCard}>
      <Facts rows={rows} />
    </div>
  );
}

/**
 * Each boat the card covers with the holder's verdict on it: usable today, or not (in amber when what stops
 * it waits on the marina or a date, as `misbarcos` weighs it; in red when it needs fixing).
 */
export function BoatVerdicts({ card }: { card: Card }) {
  return (
    <section className={ui.stack} aria-labelledby="carnet-barcos">
      <h2 id="carnet-barcos" className={css.sectionTitle}>
        {t.boats}
      </h2>
      {card.boats.length === 0 ? (
        <p className={css.noBoats}>{t.noBoats}</p>
      ) : (
        <ul className={css.boatVerdicts}>
          {card.boats.map((boat) => {
            const first = boat.eligibility.reasons[0];
            return (
              <li key={boat.id} className={css.boatVerdict}>
                <span className={css.boatName}>{boat.name}</span>
                {boat.eligibility.eligible ? (
                  <StatusPill tone="success">{t.boatReady}</StatusPill>
                ) : (
                  <StatusPill tone={first && reasonWeight(first.code) === 'waiting' ? 'warning' : 'danger'}>
                    {t.boatBlocked}
                  </StatusPill>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The QR of the moment, renewed by itself, with the number under it for typing by hand. */
function PassQr({ card, fetchedAt }: { card: Card; fetchedAt: number }) {
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
        className={css.passQr}
        role="img"
        title={t.qrLabel(number)}
        data-testid="card-qr"
      />
      <p className={css.passNumber}>
        <span className={ui.visuallyHidden}>{t.number}: </span>
        {number}
      </p>
      <p className={css.passHint}>{t.brightness}</p>
    </>
  );
}

/**
 * The card's face, as a pass (docs/design/README.md): the marina's logo and the verdict as a badge, the
 * holder's name large, and, unless the card is red, the QR and its number: on a 320 × 568 phone all of it
 * above the tab bar. The verdict names the article the face opens (`carnet-veredicto`).
 */
export function PassFace({
  card,
  fetchedAt,
  shown,
  children,
}: {
  card: Card;
  fetchedAt: number;
  shown: ShownVerdict;
  children?: ReactNode;
}) {
  const { clientLogo } = useConfig();
  return (
    <div className={css.passFace}>
      <div className={css.passTop}>
        <img className={css.passLogo} src={clientLogo} alt="" height={32} />
        <p id="carnet-veredicto" className={css.badge[shown]}>
          {shown === 'valid' ? t.valid : shown === 'invalid' ? t.invalid : t.unchecked}
        </p>
      </div>
      <p className={css.passName}>
        <span className={ui.visuallyHidden}>{t.holder}: </span>
        {card.holder.firstName} {card.holder.surnames}
      </p>
      {shown === 'invalid' ? null : <PassQr card={card} fetchedAt={fetchedAt} />}
      {children}
    </div>
  );
}

/**
 * Why the card is red, one line per reason in words, with the boat it is about and what fixes it (the
 * eligibility rule's, as `misbarcos` shows them).
 */
export function ReasonList({ reasons }: { reasons: CardReason[] }) {
  return (
    <ul className={reasonsCss.badges} aria-label={t.reasonsTitle}>
      {reasons.map((reason) => (
        <li
          key={`${reason.code}:${reason.boat?.id ?? ''}`}
          className={reasonsCss.badge}
          data-weight={reasonWeight(reason.code)}
        >
          <span>
            {reason.text}
            {reason.boat ? <span className={css.reasonBoat}>{t.aboutBoat(reason.boat.name)}</span> : null}
          </span>
          {reason.fix ? (
            <Link className={reasonsCss.fixLink} to={reason.fix.to}>
              {reason.fix.label}
              {reason.boat ? (
                <>
                  {' '}
                  <span className={ui.visuallyHidden}>({reason.boat.name})</span>
                </>
              ) : null}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Re-issuing asks first, saying that every earlier QR stops working at once. Offline it says that it
 * needs a connection (the catalogue's `network_error`) and leaves the card as it was.
 */
export function Reissue({ onDone }: { onDone: (notice: string) => void }) {
  const { api } = useServices();
  const client = useQueryClient();
  const button = useRef<HTMLButtonElement>(null);
  const asking = useInPlace(button);
  const panel = useRef<HTMLDivElement>(null);
  // The question opens at the end of the screen: scrolled up whole, so its buttons are not left behind the
  // tab bar (its title, focused first, would only bring the top of it into view).
  useEffect(() => {
    if (asking.open) panel.current?.scrollIntoView({ block: 'end' });
  }, [asking.open]);
  if (!asking.open) {
    return (
      <Button ref={button} variant="secondary" fullWidth onClick={asking.show}>
        {t.reissue}
      </Button>
    );
  }
  return (
    <div ref={panel} className={css.clearOfTabBar}>
      <ConfirmPanel
        id="renovar-carnet"
        heading="h2"
        tone="plain"
        titleClassName={css.confirmTitle}
        question={t.reissueQuestion}
        confirmLabel={t.reissueConfirm}
        keepLabel={t.reissueKeep}
        onConfirm={async () => {
          await reissueCard(api, client);
          asking.close();
          onDone(t.reissued);
        }}
        onKeep={asking.back}
      >
        <p>{t.reissueExplain}</p>
      </ConfirmPanel>
    </div>
  );
}
