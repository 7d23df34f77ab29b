/**
 * Whether a subscription's endpoint is on a push service this deployment posts to (`config.pushServiceHosts`,
 * decision 061). The server sends to every stored endpoint: one on any other host would let a customer aim it
 * at an address of their choosing, inside the provider's network or out.
 */

/** This machine: taken outside production only (config.ts), for the tests' fake push service on its own port. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '::1'];

export function onPushService(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  // The push services answer on 443: another port of their host is not where a push goes.
  if (url.port !== '' && !LOOPBACK_HOSTS.includes(host)) return false;
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
