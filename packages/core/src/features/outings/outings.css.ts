import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.large });

export const boatTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });

export const name = style({ margin: 0, fontSize: vars.fontSize.large });

/** An outing at sea stands out from the history: a thick brand border. */
export const atSea = style({ borderWidth: '3px', borderColor: vars.color.primary });

/** Overdue: said in words first; the danger border only repeats it. */
export const overdueCard = style({ borderWidth: '3px', borderColor: vars.color.danger });

export const overdue = style({
  margin: 0,
  padding: vars.space.small,
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.small,
  color: vars.color.danger,
  fontWeight: 700,
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  marginTop: vars.space.small,
});

/** «He vuelto»: the one thing to do on the way back to the dock, large. */
export const returnButton = style({ minHeight: `calc(${vars.size.touchTarget} * 1.5)`, fontSize: vars.fontSize.large });
