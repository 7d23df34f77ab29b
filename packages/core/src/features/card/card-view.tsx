import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ConfirmPanel, useInPlace } from '../../components/actions.tsx';
import { Button } from '../../components/button.tsx';
import { Link } from '../../components/link.tsx';
import * as reasonsCss from '../../components/reasons.css.ts';
import * as ui from '../../components/ui.css.ts';
import { CARD_ROLE_LABELS, type Card, type CardReason } from '../../domain/cards.ts';
import { useConfig, useServices } from '../../lib/services.tsx';
import { formatWhen } from '../../domain/format-dates.ts';
import { reissueCard } from './api/card.ts';
import * as css from './card.css.ts';
import { cardTexts as t } from './texts.ts';
import { type Fact, Facts } from '../../components/facts.tsx';
import { reasonWeight } from '../../domain/eligibility.ts';

/** When the verdict shown was fetched from the server, in the marina's zone: «hoy, 13:30». */
export const fetchedText = (fetchedAt: number, timeZone: string) => formatWhen(new Date(fetchedAt), timeZone);

/** Who holds the card and what it covers, as the holder and the gate read it. */
export function CardFacts({ card, fetchedAt }: { card: Card; fetchedAt: number }) {
  const { timeZone } = useConfig();
  const rows: Fact[] = [
    [t.role, CARD_ROLE_LABELS[card.role]],
    [t.marina, card.marina.title],
    [
      t.boats,
      card.boats.length === 0 ? (
        t.noBoats
      ) : (
        <ul className={css.boatList}>
          {card.boats.map((boat) => (
            <li key={boat.id}>{boat.name}</li>
          ))}
        </ul>
      ),
    ],
    ...(card.verdict.valid ? ([[t.validUntil, card.validUntil ? t.until(card.validUntil) : t.noEnd]] as Fact[]) : []),
    [t.checkedAt, fetchedText(fetchedAt, timeZone)],
  ];
  return <Facts rows={rows} />;
}

export function HolderName({ card }: { card: Card }) {
  return (
    <p className={css.holderName}>
      <span className={ui.visuallyHidden}>{t.holder}: </span>
      {card.holder.firstName} {card.holder.surnames}
    </p>
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
  if (!asking.open) {
    return (
      <Button ref={button} variant="secondary" fullWidth onClick={asking.show}>
        {t.reissue}
      </Button>
    );
  }
  return (
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
  );
}
