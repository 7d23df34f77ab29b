import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Launch } from '../../domain/launches.ts';
import { useServices } from '../../lib/services.tsx';
import { launchChanged, launchQuery } from './api/launches.ts';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/** How often the place is asked again while it shows: the boats ahead are lifted one by one. */
export const HAUL_OUT_REFRESH_MS = 30_000;

/**
 * «Eres el 3.º para subir»: a launch's place in the marina's queue of boats to lift, once the person said «listo
 * para subir» (docs/product.md §4.7, decision 056). While it shows, the launch is asked again every 30 seconds and
 * whenever the app comes back to the front; a boat lifted meanwhile takes its new state to the list and its screen.
 * Nothing for a launch in any other state.
 */
export function HaulOutPlace({ launch }: { launch: Launch }) {
  const { api } = useServices();
  const client = useQueryClient();
  const waiting = launch.status === 'ready_to_stow';
  const query = useQuery({
    ...launchQuery(api, client, launch.id),
    enabled: waiting,
    refetchInterval: waiting ? HAUL_OUT_REFRESH_MS : false,
    refetchOnWindowFocus: 'always',
  });
  const fresh = waiting && query.data && !query.isPlaceholderData ? query.data : launch;
  useEffect(() => {
    if (fresh !== launch && fresh.status !== launch.status) launchChanged(client, fresh);
  }, [client, fresh, launch]);
  if (fresh.status !== 'ready_to_stow' || fresh.haulOutPosition === null) return null;
  return <p className={css.status}>{t.haulOutPlace(fresh.haulOutPosition)}</p>;
}
