import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { messageFor } from '../api/error-catalogue.ts';
import { useConfig } from '../lib/services.tsx';
import { formatPhone } from '../domain/format-phone.ts';
import { Button, ButtonLink } from './button.tsx';
import * as panelCss from './panel.css.ts';
import * as ui from './ui.css.ts';

// What a screen does in place with a button: a call to the server that may fail, a panel opened where the
// button was (a question, a short form), and the marina's phone when the app can do no more.

/**
 * One call at a time from a button: `busy` while it runs (the button says so and cannot be pressed
 * again), and what went wrong when it failed, for `ActionError`.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/**
 * The failure of the last call in words, announced at once; nothing while there is none. `messageOf` words
 * the codes a feature says better than the catalogue (it answers undefined for the rest).
 */
export function ActionError({
  error,
  messageOf,
}: {
  error: unknown;
  messageOf?: (error: unknown) => string | undefined;
}) {
  return error ? (
    <p className={ui.alert} role="alert">
      {messageOf?.(error) ?? messageFor(error)}
    </p>
  ) : null;
}

/**
 * A panel opened in place of the button that opens it (`opener`, the caller's ref on that button). Closed
 * without acting (`back`), focus goes back to that button, not to the top of the page; closed once done
 * (`close`), the screen says what was done instead.
 */
export function useInPlace(opener: RefObject<HTMLButtonElement | null>) {
  const [open, setOpen] = useState(false);
  return {
    open,
    show: () => setOpen(true),
    close: () => setOpen(false),
    back: () => {
      setOpen(false);
      requestAnimationFrame(() => opener.current?.focus());
    },
  };
}

/**
 * Asks once more before a step that cannot be undone: a group named by its question, which takes focus;
 * the step in a danger button («Enviando…» while it runs), and the way back beside it.
 */
export function ConfirmPanel({
  id,
  heading: Heading,
  tone,
  titleClassName = panelCss.panelTitle,
  question,
  children,
  confirmLabel,
  keepLabel,
  onConfirm,
  onKeep,
  messageOf,
}: {
  /** The question's id, which names the group. */
  id: string;
  heading: 'h2' | 'h3';
  tone: keyof typeof panelCss.panel;
  titleClassName?: string;
  question: string;
  /** What the step does, said before it is taken. */
  children: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  onConfirm: () => Promise<void>;
  onKeep: () => void;
  /** How this step's own refusals are said (see `ActionError`). */
  messageOf?: (error: unknown) => string | undefined;
}) {
  const { busy, error, run } = useAction();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div role="group" aria-labelledby={id} className={panelCss.panel[tone]}>
      <Heading id={id} ref={title} tabIndex={-1} className={titleClassName}>
        {question}
      </Heading>
      {children}
      <ActionError error={error} messageOf={messageOf} />
      <Button variant="danger" fullWidth disabled={busy} aria-busy={busy} onClick={() => void run(onConfirm)}>
        {busy ? 'Enviando…' : confirmLabel}
      </Button>
      {/* Once asked, the step is on its way: keeping it now would be told as kept, then done. */}
      <Button variant="secondary" fullWidth disabled={busy} onClick={onKeep}>
        {keepLabel}
      </Button>
    </div>
  );
}

/**
 * When the app can do no more (past a launch's cut-off, no later return today): why, and the marina's
 * number as a link. The number comes with the help page's chunk (`config.help()`, out of the first load:
 * decision 017), fetched once and kept.
 */
export function CallTheMarina({ children }: { children: ReactNode }) {
  const { help } = useConfig();
  const { data } = useQuery({ queryKey: ['marina-help'], queryFn: help, staleTime: Infinity, gcTime: Infinity });
  const phone = data?.contact.phone;
  return (
    <div className={ui.stack}>
      <p>{children}</p>
      {phone && (
        <ButtonLink to={`tel:${phone.replace(/\s+/g, '')}`} reloadDocument variant="secondary" fullWidth>
          {`Llamar al ${formatPhone(phone)}`}
        </ButtonLink>
      )}
    </div>
  );
}
