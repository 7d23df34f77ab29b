import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';
import * as iconTile from '../../components/icon-tile.css.ts';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

export const item = style({
  display: 'flex',
  gap: vars.space.medium,
  padding: vars.space.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  selectors: { '&[data-unread="true"]': { borderInlineStart: `4px solid ${vars.color.primary}` } },
});

/** The kind's icon; filled with the brand while unread, quiet once read. */
export const tile = style([
  iconTile.tile,
  {
    borderRadius: vars.radius.pill,
    background: vars.color.surfaceMuted,
    color: vars.color.textMuted,
    selectors: { '&[data-unread="true"]': { background: vars.color.brandSoft, color: vars.color.onBrandSoft } },
  },
]);

export { tileIcon } from '../../components/icon-tile.css.ts';

export const body = style({ flex: 1, minWidth: 0 });

export const title = style({ margin: 0, fontSize: vars.fontSize.body, lineHeight: vars.lineHeight.tight });

export const text = style({ margin: 0 });

export const meta = style({
  margin: `${vars.space.xsmall} 0`,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small, marginTop: vars.space.small });
