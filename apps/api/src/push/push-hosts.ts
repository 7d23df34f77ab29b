/**
 * Whether a subscription's endpoint is on a push service this deployment posts to (`config.pushServiceHosts`,
 * decision 061). The server sends to every stored endpoint: one on any other host would let a customer aim it
 * at an address of their choosing, inside the provider's network or out.
 */
export function onPushService(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
