import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';
import * as ui from './ui.css.ts';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } });

export const skeleton = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });

/** A card's shape while its content loads: the page keeps its layout, nothing jumps when the data comes. */
export const card = style([ui.card, { display: 'flex', flexDirection: 'column', gap: vars.space.small }]);

export const line = style({
  height: '0.875rem',
  borderRadius: vars.radius.small,
  background: vars.color.surfaceMuted,
  animation: `${pulse} 1.6s ${vars.motion.easing} infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  selectors: {
    '&[data-kind="title"]': { height: '1.125rem', width: '55%' },
    '&[data-kind="short"]': { width: '35%' },
  },
});
