import { paths } from '../../lib/paths.ts';
import { ButtonLink } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import * as ui from '../../components/ui.css.ts';
import { useSession } from '../../lib/use-session.ts';

export default function NotFoundScreen() {
  const signedIn = useSession() !== null;
  return (
    <Page title="Página no encontrada">
      <div className={ui.stack}>
        <p>La dirección que has abierto no existe en esta aplicación. Puede que el enlace esté incompleto.</p>
        <ButtonLink to={signedIn ? paths.inicio : paths.home} fullWidth>
          Ir al inicio
        </ButtonLink>
        <ButtonLink to={paths.ayuda} variant="secondary" fullWidth>
          Ver la ayuda
        </ButtonLink>
      </div>
    </Page>
  );
}
