/** Set once the intro slides have been seen, or skipped, on this device. Says nothing about the person. */
export const SLIDER_SEEN = 'mb.sliderSeen';
/** «Ahora no» to the offer of push after a booking, on this device: not offered again (decision 063). */
export const PUSH_OFFER_DECLINED = 'mb.pushOfferDeclined';

/** The intro slides show once per device, on first start. */
export function sliderSeen(storage: Storage): boolean {
  return storage.getItem(SLIDER_SEEN) === '1';
}

/**
 * Also once someone has signed in on this device: whoever arrived straight at `registro` or at an
 * activation link has started already, and must not meet the slides at the `login` after signing out.
 */
export function markSliderSeen(storage: Storage): void {
  storage.setItem(SLIDER_SEEN, '1');
}
