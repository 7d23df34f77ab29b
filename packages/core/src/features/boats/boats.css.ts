import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';
import * as ui from '../../components/ui.css.ts';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const name = style({ margin: 0, fontSize: vars.fontSize.large, lineHeight: vars.lineHeight.tight });

/** A boat on `misbarcos`: compact, its heading, what is missing if anything, and its one next action. */
export const boatCard = style([ui.card, { display: 'flex', flexDirection: 'column', gap: vars.space.small }]);

export const boatHead = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.small });

export const boatTitle = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  flex: 1,
  minWidth: 0,
});

export const boatLine = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.small });

export const ready = style({
  display: 'inline-block',
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  border: `2px solid ${vars.color.success}`,
  borderRadius: vars.radius.small,
  color: vars.color.success,
  fontWeight: 600,
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  marginTop: vars.space.small,
});

export const fieldsetTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });

/** A box to tick and the conditions it accepts, read one tap away under it. */
export const acceptance = style({ display: 'flex', flexDirection: 'column' });

/** A boat the person may use on someone else's behalf: said under its name, before its facts. */
export const authorised = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  marginTop: vars.space.xsmall,
  paddingLeft: vars.space.small,
  borderLeft: `4px solid ${vars.color.primary}`,
  overflowWrap: 'anywhere',
});

globalStyle(`${authorised} > p`, { margin: 0 });

export const owner = style({ fontWeight: 700, margin: 0, overflowWrap: 'anywhere' });

/** A boat on `inicio`'s card: a row of its own, a hairline between boats. */
export const inicioBoat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  paddingBlock: vars.space.small,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});
