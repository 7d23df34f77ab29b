import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';
import { group as formGroup } from '../../components/form/group.css.ts';

/** The shared framed group, on the surface colour: this screen's groups stand on the page's background. */
export const group = style([formGroup, { background: vars.color.surface }]);

export const groupTitle = style({ padding: 0, fontSize: vars.fontSize.large, fontWeight: 700 });

export const boatTitle = style({ margin: `${vars.space.small} 0 0`, fontSize: vars.fontSize.body });

export const link = style({ color: vars.color.accent, fontWeight: 600 });

export const flush = style({ margin: 0 });

export const reasons = style({ margin: `${vars.space.xsmall} 0 0`, paddingLeft: vars.space.large });
