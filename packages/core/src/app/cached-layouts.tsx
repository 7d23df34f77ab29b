import { Outlet } from 'react-router';
import { NavLink } from '../components/link.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import * as layout from '../components/layout.css.ts';
import * as ui from '../components/ui.css.ts';
import { paths } from '../lib/paths.ts';
import { ServerCacheProvider } from '../lib/query-provider.tsx';
import { useSessionQuery } from '../lib/signed-in.ts';
import { BrandHeader } from './layouts.tsx';
import { LiveUpdates } from './live-updates.tsx';

const tabs: ReadonlyArray<{ to: string; label: string; icon: IconName; also?: readonly string[] }> = [
  { to: paths.inicio, label: 'Inicio', icon: 'home' },
  { to: paths.misbarcos, label: 'Mis barcos', icon: 'boat' },
  { to: paths.pedidosbajadas, label: 'Bajadas', icon: 'launch' },
  // Opens the green card, which sends a red verdict to `carnet-rojo`: the tab stands for both.
  { to: paths.carnetVerde, label: 'Carnet', icon: 'card', also: [paths.carnetRojo] },
  { to: paths.mas, label: 'Más', icon: 'more' },
];

function TabBar() {
  const unread = useSessionQuery()?.unreadNotifications ?? 0;
  return (
    <nav className={layout.tabBar} aria-label="Principal">
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} also={tab.also} className={layout.tab}>
          <Icon name={tab.icon} className={layout.tabIcon} />
          <span className={layout.tabLabel}>{tab.label}</span>
          {/* After the label, so the link reads "Más, 2 notificaciones sin leer". */}
          {tab.to === paths.mas && unread > 0 ? (
            <span className={layout.tabBadge}>
              <span className={ui.visuallyHidden}>, </span>
              {unread}
              <span className={ui.visuallyHidden}>
                {unread === 1 ? ' notificación sin leer' : ' notificaciones sin leer'}
              </span>
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * The layouts of the screens that read server data, in a chunk of their own with the server cache
 * (TanStack Query): `login`, the first screen of most visits, loads none of it. One module for both, so
 * that no module is imported both lazily by the entry and directly by a lazy chunk: the bundler would
 * then pull what they share (React among it) out of the entry into a chunk of its own, a request and
 * some compression more for `login`.
 */

/** The signed-in screens' frame. */
export function PrivateLayout() {
  return (
    <ServerCacheProvider>
      <LiveUpdates />
      <div className={layout.shell}>
        <BrandHeader />
        <main id="contenido" className={`${layout.main} ${layout.mainWithTabs}`}>
          <Outlet />
        </main>
        <TabBar />
      </div>
    </ServerCacheProvider>
  );
}

/** A public screen that reads server data (`activar`), inside the public frame. */
export function CachedScreenLayout() {
  return (
    <ServerCacheProvider>
      <Outlet />
    </ServerCacheProvider>
  );
}
