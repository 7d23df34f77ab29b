// The build's second pass (`tooling/vite/prerender.ts`): the sign-in screen drawn with this marina's config.
import config from 'virtual:marina/config';
import { prerenderScreen } from '@marina/core/app/prerender.tsx';

export { FIRST_START_ATTRIBUTE, firstStartGateScript, PRERENDERED_ATTRIBUTE } from '@marina/core/app/first-screen.tsx';

/** The id of the drawn screen's route, which the app compares with the address it opens at. */
export const screen = 'login';

export const render = () => prerenderScreen(config, screen);
