import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state.tsx';
import { Icon, type IconName } from '../../components/icons.tsx';
import { Link } from '../../components/link.tsx';
import { Button } from '../../components/button.tsx';
import { messageFor } from '../../api/error-catalogue.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { Page } from '../../components/page.tsx';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import type { NotificationType } from '../../domain/accounts.ts';
import { useConfig, useServices } from '../../lib/services.tsx';
import { formatWhen } from '../../domain/format-dates.ts';
import { markReadMutation, notificationsQuery } from './api/notifications.ts';
import * as css from './notifications.css.ts';
import { notificationTexts as t } from './texts.ts';

/** Each kind of notification at a glance: what it is about. */
const NOTIFICATION_ICONS: Readonly<Record<NotificationType, IconName>> = {
  welcome: 'anchor',
  launch_confirmed: 'launch',
  launch_reminder: 'schedule',
  boat_in_water: 'outing',
  launch_cancelled_by_marina: 'refused',
  launch_cancelled_by_owner: 'refused',
  launch_completed: 'success',
  boat_in_maintenance: 'maintenance',
  authorisation_validated: 'people',
  authorisation_suspended: 'people',
  authorisation_attached: 'people',
  authorisation_ended: 'people',
  contract_approved: 'contract',
  contract_rejected: 'contract',
  validation_due: 'validate',
  outing_overdue: 'warning',
  marina_notice: 'info',
  security: 'safety',
};

export default function NotificacionesScreen() {
  const { api } = useServices();
  const { timeZone } = useConfig();
  const query = useInfiniteQuery({
    ...notificationsQuery(api),
    // The pages loaded so far as one list; the count is of them all (the first page says it).
    select: (loaded) => ({ items: loaded.pages.flatMap((page) => page.items), unread: loaded.pages[0]?.unread ?? 0 }),
  });
  const mark = useMutation(markReadMutation(api));
  const { data } = query;
  const state = loadState(query);

  return (
    <Page title={t.title}>
      {state === 'loading' ? <Loading /> : null}
      {state === 'error' ? <LoadError error={query.error} retry={() => void query.refetch()} /> : null}
      {data ? (
        <div className={ui.stack}>
          {mark.isError ? <ErrorAlert error={mark.error} message={messageFor(mark.error)} /> : null}
          {/* With nothing to list, the empty state says it alone. */}
          {data.items.length > 0 ? (
            <p role="status">{data.unread === 0 ? 'No tienes notificaciones sin leer.' : `${data.unread} sin leer.`}</p>
          ) : null}
          {data.unread > 0 ? (
            <Button variant="secondary" fullWidth onClick={() => mark.mutate('all')}>
              Marcar todas como leídas
            </Button>
          ) : null}
          {data.items.length === 0 ? (
            <EmptyState title="Todo tranquilo">Aún no tienes notificaciones.</EmptyState>
          ) : null}
          <ul className={css.list}>
            {data.items.map((item) => (
              <li key={item.id} className={css.item} data-unread={!item.read}>
                <span className={css.tile} data-unread={!item.read}>
                  <Icon name={NOTIFICATION_ICONS[item.type] ?? 'info'} className={css.tileIcon} />
                </span>
                <div className={css.body}>
                  <h2 className={css.title}>
                    {item.read ? null : <span className={ui.visuallyHidden}>Sin leer: </span>}
                    {item.title}
                  </h2>
                  <p className={css.meta}>{formatWhen(new Date(item.createdAt), timeZone)}</p>
                  <p className={css.text}>{item.body}</p>
                  <div className={css.actions}>
                    {item.link ? (
                      // Opening it is reading it: marked as read on the way.
                      <Link
                        className={ui.button.secondary}
                        to={item.link}
                        onClick={() => (item.read ? undefined : mark.mutate({ id: item.id }))}
                      >
                        Ver
                      </Link>
                    ) : null}
                    {item.read ? null : (
                      <Button variant="quiet" onClick={() => mark.mutate({ id: item.id })}>
                        Marcar como leída
                      </Button>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <LoadMore query={query} label="Cargar más notificaciones" />
        </div>
      ) : null}
    </Page>
  );
}
