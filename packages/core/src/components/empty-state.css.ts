import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.large} ${vars.space.medium}`,
  textAlign: 'center',
});

export const scene = style({ width: '100%', maxWidth: '240px', height: 'auto', marginBottom: vars.space.small });

export const title = style({ margin: 0, fontSize: vars.fontSize.section, lineHeight: vars.lineHeight.tight });

export const text = style({ margin: 0, color: vars.color.textMuted, maxWidth: '32ch' });

export const action = style({ marginTop: vars.space.small, alignSelf: 'stretch' });
