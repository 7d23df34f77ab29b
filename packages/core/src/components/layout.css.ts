import { globalStyle, keyframes, style } from '@vanilla-extract/css';
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
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  background: vars.color.background,
  // A long unbroken value (a 60-letter name, a 254-character e-mail) breaks where it must instead of
  // widening the screen; \`anywhere\` also lets flex and grid items shrink below such a word.
  overflowWrap: 'anywhere',
});

globalStyle('a', { color: vars.color.accent });

// The type scale (docs/design/README.md): under the page's title, a section's heading, then a card's title.
globalStyle('h2', { fontSize: vars.fontSize.section, lineHeight: vars.lineHeight.tight });
globalStyle('h3', { fontSize: vars.fontSize.large, lineHeight: vars.lineHeight.tight });

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

// Moving between screens (docs/design/README.md, «Motion»): where the browser has view transitions, a link's
// screen fades out quickly and the next one rises into place; the header and the tab bar are named, so they
// stay where they are. Nothing moves for a person who asks for reduced motion.
const leave = keyframes({ to: { opacity: 0 } });
const arrive = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' } });
globalStyle('::view-transition-old(root)', {
  animation: `${vars.motion.fast} ${vars.motion.easing} both ${leave}`,
});
globalStyle('::view-transition-new(root)', {
  animation: `${vars.motion.normal} ${vars.motion.easing} both ${arrive}`,
});
globalStyle('::view-transition-group(*), ::view-transition-old(*), ::view-transition-new(*)', {
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
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
  viewTransitionName: 'app-header',
});

export const headerLogo = style({
  flexShrink: 0,
  height: '36px',
  width: 'auto',
  maxWidth: '160px',
});

export const headerTitle = style({
  minWidth: 0,
  margin: 0,
  fontSize: vars.fontSize.large,
  fontWeight: vars.fontWeight.bold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** "Volver" on every screen that is not a tab: to the screen before, or the one above it. */
export const backLink = style({
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  gap: vars.space.xsmall,
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  marginLeft: `calc(-1 * ${vars.space.small})`,
  padding: `0 ${vars.space.small}`,
  color: vars.color.onBrand,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:focus-visible': { outlineColor: vars.color.onBrand, outlineOffset: '-3px' } },
});

export const backIcon = style({ width: '20px', height: '20px' });

// With «Volver», the marina's logo moves to the header's end and its name is left to screen readers: at
// 390 px the three side by side cut the name short («Marina de…»), and the logo already shows it.
globalStyle(`${header}:has(${backLink}) ${headerLogo}`, { marginLeft: 'auto' });
globalStyle(`${header}:has(${backLink}) ${headerTitle}`, {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
});

export const main = style({
  flex: 1,
  width: '100%',
  minWidth: 0,
  maxWidth: vars.size.contentMaxWidth,
  margin: '0 auto',
  padding: vars.space.medium,
  outline: 'none',
});

export const mainWithTabs = style({
  paddingBottom: `calc(${vars.size.tabBar} + ${vars.space.large} + env(safe-area-inset-bottom))`,
});

/** The page's title leads the type scale: larger and heavier than any section or card below it. */
export const pageTitle = style({
  margin: `${vars.space.small} 0 ${vars.space.medium}`,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.title,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.01em',
  outline: 'none',
});

export const tabBar = style({
  viewTransitionName: 'app-tabs',
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  display: 'grid',
  // minmax(0, …): five equal tabs whatever their labels, so none can push the bar past the screen.
  gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
  minHeight: vars.size.tabBar,
  paddingBottom: 'env(safe-area-inset-bottom)',
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
});

/** Where the icon sits in every tab, active or not: the badge is placed against it. */
const TAB_ICON_TOP = '12px';
const TAB_ICON_SIZE = '24px';

export const tab = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  // From the top, not centred: the icon stays put whatever the label does.
  justifyContent: 'flex-start',
  minWidth: 0,
  minHeight: vars.size.touchTarget,
  paddingTop: TAB_ICON_TOP,
  gap: '2px',
  fontSize: '0.75rem',
  lineHeight: '18px',
  color: vars.color.textMuted,
  textDecoration: 'none',
  selectors: {
    // Colour and a bar mark the current tab, not bold type: bold would widen "Mis barcos" into two lines.
    '&[aria-current="page"]': { color: vars.color.primary },
    '&[aria-current="page"]::after': {
      content: '""',
      position: 'absolute',
      bottom: '4px',
      insetInline: '30%',
      height: '3px',
      borderRadius: vars.radius.pill,
      background: vars.color.primary,
    },
  },
});

export const tabIcon = style({ flexShrink: 0, width: TAB_ICON_SIZE, height: TAB_ICON_SIZE });

/** One line at the narrowest phone (320 px); an ellipsis rather than a second line if a font is wider. */
export const tabLabel = style({
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  overflowWrap: 'normal',
});

/** On the icon's top-right corner: the icon's middle stays visible. */
export const tabBadge = style({
  position: 'absolute',
  top: `calc(${TAB_ICON_TOP} - 10px)`,
  left: `calc(50% + ${TAB_ICON_SIZE} / 2 - 6px)`,
  minWidth: '18px',
  padding: '0 5px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.surface,
  fontSize: '0.75rem',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});

export const footer = style({
  padding: vars.space.medium,
  textAlign: 'center',
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const platformLogo = style({ height: '20px', width: 'auto', verticalAlign: 'middle' });
