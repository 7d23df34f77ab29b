import type { ComponentProps } from 'react';
import { Link, type LinkProps } from './link.tsx';
import * as ui from './ui.css.ts';

type Variant = keyof typeof ui.button;

function classes(variant: Variant, fullWidth: boolean | undefined, extra: string | undefined) {
  return [ui.button[variant], fullWidth ? ui.block : undefined, extra].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  fullWidth,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: Variant; fullWidth?: boolean }) {
  return <button type={type} className={classes(variant, fullWidth, className)} {...props} />;
}

export function ButtonLink({
  variant = 'primary',
  fullWidth,
  className,
  ...props
}: LinkProps & { variant?: Variant; fullWidth?: boolean }) {
  return <Link className={classes(variant, fullWidth, className)} {...props} />;
}
