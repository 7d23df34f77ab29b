import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as formCss from './form/form.css.ts';

/** What a screen that sends the person to another says there, once (a launch just booked, a boat asked for). */
export interface NoticeState {
  notice?: string;
  /** Just booked: the launch offers to tell the person of the marina's answer on this phone (decision 063). */
  offerPush?: boolean;
}

/** A change just made, said once (a status, so a screen reader announces it); nothing when there is none. */
export function Notice({ text }: { text: string | undefined }) {
  return text ? (
    <p className={formCss.success} role="status">
      {text}
    </p>
  ) : null;
}

/**
 * The notice the screen before sent with the person (`NoticeState`), and a way to say a new one. The browser keeps
 * a history entry's state across a reload, so a notice read from it would be said again on every reload, long
 * after it stopped being true («Bajada pedida. El puerto la revisará…» after staff confirmed it): the notice is
 * taken once, and the entry is replaced by the same address without it.
 */
export function useSentNotice(): [string | undefined, (text: string | undefined) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const sent = (location.state as NoticeState | null)?.notice;
  const [notice, setNotice] = useState(sent);
  // Another notice sent to the same screen while it shows (the same route with another id).
  const [taken, setTaken] = useState(sent);
  if (sent !== undefined && sent !== taken) {
    setTaken(sent);
    setNotice(sent);
  }
  useEffect(() => {
    if (sent === undefined) return;
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [sent, location.pathname, location.search, location.hash, navigate]);
  return [notice, setNotice];
}
