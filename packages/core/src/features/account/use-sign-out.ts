import { useNavigate } from 'react-router';
import { isSessionEnded } from '../../components/error-alert.tsx';
import { clearPersonalData } from '../../lib/personal-data.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { signOut, signOutEverywhere } from './api/sign-out.ts';
import { browserPush } from '../../lib/push/browser-push.ts';
import { forgetThisDevice } from '../../lib/push/device-push.ts';

/**
 * Ends the session on the server, then leaves nothing personal on the phone and goes to `login`. The
 * screen keeps showing until `login` replaces it (`useSignedIn`), so no error flashes in between. First, while
 * the session still allows it, this phone's push subscription goes (decision 063), so the next person to use
 * the phone is not told this one's news; a failure there never holds sign-out up.
 */
export function useSignOut() {
  const services = useServices();
  const navigate = useNavigate();
  return async (everywhere = false) => {
    await forgetThisDevice(services.api, browserPush(services.config.production));
    try {
      await (everywhere ? signOutEverywhere(services.api) : signOut(services.api));
    } catch (error) {
      // Already ended elsewhere: what the person asked for is done.
      if (!isSessionEnded(error)) throw error;
    }
    await clearPersonalData(services);
    await navigate(paths.login, { replace: true });
  };
}
