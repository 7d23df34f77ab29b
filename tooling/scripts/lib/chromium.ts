/**
 * Debian's Chromium, as every browser tool here launches it: Playwright's and Lighthouse's own browser
 * downloads are not possible on this network, and background connections would be refused anyway.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
