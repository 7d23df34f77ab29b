import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';
import * as css from './status-pill.css.ts';

export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const TONE_ICONS: Record<Tone, IconName> = {
  success: 'success',
  warning: 'pending',
  danger: 'danger',
  info: 'info',
  neutral: 'time',
};

/**
 * A state in colour and words (a boat's, a launch's, an authorisation's, an outing's): the words carry it,
 * the colour and icon let the eye find it. Pending is `warning` or `info`, never `danger` (docs/design/README.md).
 */
export function StatusPill({ tone, icon, children }: { tone: Tone; icon?: IconName; children: ReactNode }) {
  return (
    <span className={css.statusPill[tone]}>
      <Icon name={icon ?? TONE_ICONS[tone]} className={css.pillIcon} />
      {children}
    </span>
  );
}
