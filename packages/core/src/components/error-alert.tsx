import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { href } from '../lib/paths.ts';
import { useServices } from '../lib/services.tsx';
import { Button, ButtonLink } from './button.tsx';
import * as ui from './ui.css.ts';

export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'unauthenticated';
}

/**
 * A call refused because the session ended elsewhere (signed out on every device, a password changed,
 * the idle timeout): nothing personal stays on the phone, and the tab bar's unread badge goes with it.
 */
function useSessionEnded(error: unknown): boolean {
  const ended = isSessionEnded(error);
  const services = useServices();
  useEffect(() => {
    // Loaded then: the form of the app's first load shows this alert, but only the server can say a
    // session ended, and it has just answered (decision 017).
    if (ended) void import('../lib/personal-data.ts').then(({ clearPersonalData }) => clearPersonalData(services));
  }, [ended, services]);
  return ended;
}

/** "Entrar", and back to this very screen after it. */
function SignInAgain() {
  const { pathname, search } = useLocation();
  return (
    <ButtonLink to={href.login(`${pathname}${search}`)} fullWidth>
      Entrar
    </ButtonLink>
  );
}

/**
 * A failed call in words, with the one way on that fits it: sign in again when the session has
 * ended (trying again could not work), else try again when the caller can.
 */
export function ErrorAlert({
  error,
  message,
  retry,
  focusable = false,
}: {
  error: unknown;
  /**
   * What went wrong: the catalogue's words (`messageFor`), or the caller's when it knows more (a form
   * keeps what was typed). Given by the caller, so this module, in the app's first load, does not bring
   * the catalogue with it (decision 017).
   */
  message: string;
  retry?: () => void;
  /** A form moves focus here after a failed submit. */
  focusable?: boolean;
}) {
  const ended = useSessionEnded(error);
  return (
    <div className={ui.stack}>
      <p className={ui.alert} role="alert" tabIndex={focusable ? -1 : undefined}>
        {message}
      </p>
      {ended ? (
        <SignInAgain />
      ) : retry ? (
        <Button variant="secondary" fullWidth onClick={retry}>
          Volver a intentarlo
        </Button>
      ) : null}
    </div>
  );
}
