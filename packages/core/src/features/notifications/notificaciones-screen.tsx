import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Page } from '../../components/page.tsx';
import { LoadError, Loading } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import type { NotificationList } from '../../domain/accounts.ts';
import { useServices } from '../../lib/services.tsx';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { listNotifications, markAllRead, markRead } from './api/notifications.ts';
import * as css from './notifications.css.ts';

const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

export default function NotificacionesScreen() {
  const { api, session } = useServices();
  const query = useApiQuery('notifications', () => listNotifications(api));
  const [local, setLocal] = useState<NotificationList>();
  const [error, setError] = useState<unknown>();
  const data = local ?? query.data;

  function apply(next: NotificationList) {
    setLocal(next);
    session.update((info) => ({ ...info, unreadNotifications: next.unread }));
  }

  async function readOne(id: string) {
    if (!data) return;
    setError(undefined);
    try {
      await markRead(api, id);
      const items = data.items.map((item) => (item.id === id ? { ...item, read: true } : item));
      apply({ items, unread: items.filter((item) => !item.read).length });
    } catch (caught) {
      setError(caught);
    }
  }

  async function readAll() {
    if (!data) return;
    setError(undefined);
    try {
      await markAllRead(api);
      apply({ items: data.items.map((item) => ({ ...item, read: true })), unread: 0 });
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <Page title="Notificaciones">
      {query.status === 'loading' && !data ? <Loading /> : null}
      {query.status === 'error' && !data ? <LoadError error={query.error} retry={query.reload} /> : null}
      {data ? (
        <div className={ui.stack}>
          {error ? <ErrorAlert error={error} /> : null}
          <p role="status">
            {data.unread === 0 ? 'No tienes notificaciones sin leer.' : `${data.unread} sin leer.`}
          </p>
          {data.unread > 0 ? (
            <Button variant="secondary" fullWidth onClick={readAll}>
              Marcar todas como leídas
            </Button>
          ) : null}
          {data.items.length === 0 ? <p>Aún no tienes notificaciones.</p> : null}
          <ul className={css.list}>
            {data.items.map((item) => (
              <li key={item.id} className={css.item} data-unread={!item.read}>
                <h2 className={css.title}>
                  {item.read ? null : <span className={ui.visuallyHidden}>Sin leer: </span>}
                  {item.title}
                </h2>
                <p className={css.meta}>{dateFormat.format(new Date(item.createdAt))}</p>
                <p>{item.body}</p>
                <div className={css.actions}>
                  {item.link ? (
                    <Link className={ui.button.quiet} to={item.link}>
                      Ver
                    </Link>
                  ) : null}
                  {item.read ? null : (
                    <Button variant="quiet" onClick={() => readOne(item.id)}>
                      Marcar como leída
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Page>
  );
}
