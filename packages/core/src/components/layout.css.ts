import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  // Keeps the focused field clear of the fixed tab bar when the browser scrolls it into view.
  scrollPaddingBottom: `calc(${vars.size.tabBar} + ${vars.space.medium})`,
  WebkitTextSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.body,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
});

globalStyle('a', { color: vars.color.accent });

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.accent}`,
  outlineOffset: '2px',
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space.small,
  top: '-100px',
  zIndex: 10,
  padding: vars.space.small,
  background: vars.color.surface,
  color: vars.color.accent,
  selectors: { '&:focus': { top: vars.space.small } },
});

export const shell = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: '56px',
  padding: `${vars.space.small} ${vars.space.medium}`,
  background: vars.color.brand,
  color: vars.color.onBrand,
});

export const headerLogo = style({
  height: '36px',
  width: 'auto',
  maxWidth: '160px',
});

export const headerTitle = style({
  margin: 0,
  fontSize: vars.fontSize.large,
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.size.contentMaxWidth,
  margin: '0 auto',
  padding: vars.space.medium,
  outline: 'none',
});

export const mainWithTabs = style({
  paddingBottom: `calc(${vars.size.tabBar} + ${vars.space.large} + env(safe-area-inset-bottom))`,
});

export const pageTitle = style({
  margin: `${vars.space.small} 0 ${vars.space.medium}`,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.title,
  lineHeight: 1.25,
  outline: 'none',
});

export const tabBar = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(5, 1fr)',
  minHeight: vars.size.tabBar,
  paddingBottom: 'env(safe-area-inset-bottom)',
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});

export const tab = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: vars.size.touchTarget,
  gap: '2px',
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': { color: vars.color.brand, fontWeight: 700 },
  },
});

export const tabIcon = style({ width: '24px', height: '24px' });

export const tabBadge = style({
  position: 'absolute',
  top: '4px',
  left: 'calc(50% + 4px)',
  minWidth: '20px',
  padding: '0 5px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.onVerdict,
  fontSize: '0.75rem',
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
});

export const footer = style({
  padding: vars.space.medium,
  textAlign: 'center',
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const platformLogo = style({ height: '20px', width: 'auto', verticalAlign: 'middle' });
