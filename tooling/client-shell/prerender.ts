// The build's drawn screens (`tooling/vite/prerender.ts`): built once for Node, then the sign-in screen drawn
// with each marina's configuration (decision 070).
import type { RuntimeConfig } from '@marina/core/config/app-config.ts';
import { prerenderScreen } from '@marina/core/app/prerender.tsx';

export { FIRST_START_ATTRIBUTE, firstStartGateScript, PRERENDERED_ATTRIBUTE } from '@marina/core/app/first-screen.tsx';

/** The id of the drawn screen's route, which the app compares with the address it opens at. */
export const screen = 'login';

export const render = (config: RuntimeConfig) => prerenderScreen(config, screen);
