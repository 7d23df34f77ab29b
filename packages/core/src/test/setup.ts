import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { disposeCaches } from './open-caches.ts';

// How long `findBy…` and `waitFor` wait for the screen: a net for a screen that never comes, not a speed
// check. Testing Library's 1 s was too short on a busy machine (`npm test` runs these beside lint and tsc):
// a lazy screen's first render, with its chunk compiled on the way, took longer there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out and has no `scrollIntoView`: a screen that scrolls something into view (the card's
// re-issue question) does nothing here; the browser suite checks where it ends up.
if (typeof Element !== 'undefined' && typeof (Element.prototype as Partial<Element>).scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

afterEach(() => {
  cleanup();
  disposeCaches();
  // Absent in a file that runs in Node (`@vitest-environment node`: the marina folders' loader).
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
