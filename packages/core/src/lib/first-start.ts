const SLIDER_SEEN = 'mb.sliderSeen';

/** The intro slides show once per device, on first start. */
export function sliderSeen(storage: Storage): boolean {
  return storage.getItem(SLIDER_SEEN) === '1';
}

export function markSliderSeen(storage: Storage): void {
  storage.setItem(SLIDER_SEEN, '1');
}
