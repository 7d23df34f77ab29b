import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useConfig } from '../lib/services.tsx';

/**
 * Keeps the signed-in screens following the server (decision 062): opens the account's live event stream
 * and loads again what it says changed. Its code (`lib/live-events.ts`) is fetched once the signed-in frame
 * has drawn, never with the first screen.
 */
export function LiveUpdates() {
  const client = useQueryClient();
  const { apiUrl, clientId } = useConfig();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void Promise.all([import('../lib/live-events.ts'), import('../api/http.ts')]).then(
      ([{ connectLiveEvents, invalidateTopics }, { resolveApiBase }]) => {
        if (left || typeof EventSource === 'undefined') return;
        stop = connectLiveEvents({
          apiPrefix: resolveApiBase(apiUrl, window.location).prefix,
          clientId,
          onTopics: (topics) => invalidateTopics(client, topics),
          // Closed for good: if the session ended, the session query says so and the app goes to sign-in
          // (this unmounts); else the stream is reopened later.
          onClosed: () => void client.invalidateQueries({ queryKey: ['session'] }),
        });
      },
      // Its file could not be fetched (offline): the screens still load again on focus and on reconnect.
      () => {},
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [client, apiUrl, clientId]);
  return null;
}
