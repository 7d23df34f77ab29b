import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

// Out of `auth.css.ts`, which the sign-in screen's first paint loads: the steps of registering and of
// recovering the password.

export const lead = style({ margin: 0, color: vars.color.textMuted });

/** The head of a step of registering: where the person is, then what this step is for. */
export const intro = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });

/** Above a form that is the screen's only other part (`registro`): the same gap as between its parts. */
export const introAbove = style({ marginBottom: vars.space.medium });

/** Where the code went: the channel's icon on its tile, beside the sentence with the address. */
export const sentTo = style({ display: 'flex', alignItems: 'center', gap: vars.space.medium });

export const sentToText = style({ margin: 0 });

export const address = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

/** A box to tick and the text it accepts, read one tap away under it. */
export const acceptance = style({ display: 'flex', flexDirection: 'column' });

export { tile, tileIcon } from '../../components/icon-tile.css.ts';
