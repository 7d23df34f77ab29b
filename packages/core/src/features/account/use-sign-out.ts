import { useNavigate } from 'react-router';
import { clearPersonalData } from '../../lib/personal-data.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { signOut, signOutEverywhere } from './api/sign-out.ts';

/** Ends the session on the server, then leaves nothing personal on the phone. */
export function useSignOut() {
  const { api, storage, session } = useServices();
  const navigate = useNavigate();
  return async (everywhere = false) => {
    await (everywhere ? signOutEverywhere(api) : signOut(api));
    await clearPersonalData(storage, session);
    await navigate(paths.login, { replace: true });
  };
}
