import { useQueryClient } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { ConfirmPanel, useInPlace } from '../../components/actions.tsx';
import { Button } from '../../components/button.tsx';
import type { Authorisation } from '../../domain/authorisations.ts';
import { useServices } from '../../lib/services.tsx';
import {
  authorisationKey,
  authorisationsKey,
  authorisationWithdrawn,
  withdrawAuthorisation,
} from './api/authorisations.ts';
import { fullName } from './authorisation-summary.tsx';
import * as css from './authorisations.css.ts';
import { authorisationTexts as t } from './texts.ts';

/**
 * An invitation that is no longer pending (the person validated meanwhile, or its period ended while the list
 * was open): the server says which, and what to do instead; without its words, the usual case.
 */
const withdrawMessage = (error: unknown) =>
  error instanceof ApiError && error.code === 'state_conflict'
    ? error.message !== error.code
      ? error.message
      : t.withdrawConflict
    : undefined;

/**
 * «Retirar la invitación» of a pending person (docs/product.md §4.8, decision 034): asks first, in place of the
 * button, saying the code stops working and the place is freed; then the server deletes the invitation and
 * `onDone` hears what to say. An invitation already gone (withdrawn on another phone) is gone all the same.
 * `label` adds, hidden, the person's name to the button where several people are listed; `compact` draws the
 * button as a quiet one in a row of actions (the list's cards).
 */
export function WithdrawInvitation({
  person,
  heading,
  label,
  compact = false,
  onDone,
}: {
  person: Authorisation;
  heading: 'h2' | 'h3';
  label?: ReactNode;
  compact?: boolean;
  onDone: (notice: string) => void;
}) {
  const { api } = useServices();
  const client = useQueryClient();
  const button = useRef<HTMLButtonElement>(null);
  const asking = useInPlace(button);
  const name = fullName(person);
  if (!asking.open) {
    return (
      <Button
        ref={button}
        variant={compact ? 'quiet' : 'secondary'}
        fullWidth={!compact}
        className={compact ? css.rowAction : undefined}
        onClick={asking.show}
      >
        {t.withdraw}
        {label}
      </Button>
    );
  }
  return (
    <ConfirmPanel
      id={`retirar-${person.id}`}
      heading={heading}
      tone="danger"
      question={t.withdrawQuestion(name)}
      confirmLabel={t.withdrawConfirm}
      keepLabel={t.withdrawKeep}
      messageOf={withdrawMessage}
      onConfirm={async () => {
        try {
          await withdrawAuthorisation(api, person.id);
        } catch (error) {
          if (!(error instanceof ApiError && error.code === 'not_found')) throw error;
        }
        authorisationWithdrawn(client, person.id);
        asking.close();
        onDone(t.withdrawn(name));
      }}
      onKeep={() => {
        // Kept, perhaps after a refusal: the person is shown as they are now (validated meanwhile, say).
        void client.invalidateQueries({ queryKey: authorisationsKey, exact: true });
        void client.invalidateQueries({ queryKey: authorisationKey(person.id), exact: true });
        asking.back();
      }}
    >
      <p>{t.withdrawExplain(person.code?.channel)}</p>
    </ConfirmPanel>
  );
}
