import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const facts = style({
  display: 'grid',
  // Terms as wide as the longest, up to 40 %: a long term («Documento de identidad») wraps rather than leave its
  // value a column so narrow that an e-mail or a phone number breaks mid-word.
  gridTemplateColumns: 'fit-content(40%) minmax(0, 1fr)',
  gap: `${vars.space.xsmall} ${vars.space.medium}`,
  margin: `${vars.space.small} 0`,
});

export const stacked = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: `${vars.space.small} 0`,
});

globalStyle(`${stacked} > dd + dt`, { marginTop: vars.space.small });

export const term = style({ color: vars.color.textMuted });

// A registration, a policy number or an e-mail address may be one long word: it wraps rather than overflow.
export const detail = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });
