import { createGlobalThemeContract } from '@vanilla-extract/css';
import { baseTokens } from './tokens.ts';

const { dark: _dark, ...contract } = baseTokens;

/**
 * The contract. Global names (`--mb-color-brand`) rather than hashed ones, so the brand's theme can be
 * written by the build from a client's tokens without compiling a stylesheet per client. The dark scheme
 * fills the same names (theme-css.ts): a screen never asks which scheme it is in.
 */
export const vars = createGlobalThemeContract(contract, (_value, path) => `mb-${path.join('-')}`);
