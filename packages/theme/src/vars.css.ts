import { createGlobalThemeContract } from '@vanilla-extract/css';
import { baseTokens } from './tokens.ts';

/**
 * The contract. Global names (`--mb-color-brand`) rather than hashed ones, so the brand's theme can be
 * written by the build from a client's tokens without compiling a stylesheet per client.
 */
export const vars = createGlobalThemeContract(baseTokens, (_value, path) => `mb-${path.join('-')}`);
