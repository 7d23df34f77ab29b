import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  maxWidth: '100%',
  padding: `${vars.space.xxsmall} ${vars.space.small}`,
  borderRadius: vars.radius.pill,
  border: '1px solid',
  fontSize: vars.fontSize.caption,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  overflowWrap: 'normal',
});

const tone = (name: 'success' | 'warning' | 'danger' | 'info' | 'neutral') => [
  pill,
  {
    color: vars.color[name],
    background: vars.color[`${name}Surface`],
    borderColor: vars.color[`${name}Border`],
  },
];

export const statusPill = styleVariants({
  success: tone('success'),
  warning: tone('warning'),
  danger: tone('danger'),
  info: tone('info'),
  neutral: tone('neutral'),
});

export const pillIcon = style({ flexShrink: 0, width: '0.95em', height: '0.95em' });
