import { globalStyle } from '@vanilla-extract/css';

/** On the container of a screen drawn at build time: the id of its route (`first-screen.tsx`). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** On `<html>`, set before the page paints when the intro slides come first (`firstStartGateScript`). */
export const FIRST_START_ATTRIBUTE = 'data-first-start';

// Hidden, not removed: the app clears it before it draws the slides (`takeOverDrawnScreen`).
globalStyle(`html[${FIRST_START_ATTRIBUTE}] [${PRERENDERED_ATTRIBUTE}]`, { visibility: 'hidden' });
