import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const subTitle = style({ marginBottom: vars.space.xsmall, fontSize: vars.fontSize.body });
export const marina = style({ marginTop: 0, fontWeight: 600 });
export const address = style({ fontStyle: 'normal', whiteSpace: 'pre-line' });
export const list = style({ margin: 0, paddingLeft: vars.space.large });

export const faq = style({
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-of-type': { borderTop: 'none' } },
});

export const question = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.small} 0`,
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});

export const questionText = style({ flex: 1 });

export { foldChevron as chevron } from '../../components/icon-tile.css.ts';
