import { paths, PRIVATE_ROUTES } from '../lib/paths.ts';

/**
 * Whether the app may be opening on a private screen: the address's first segment is a private route's. Only
 * then does the entry load the early start (`early-start.ts`, decision 066), which matches the route exactly;
 * the sign-in page's first load, held to its budget, carries this test and nothing more.
 */
export function mayOpenPrivateScreen(pathname: string): boolean {
  const first = pathname.split('/')[1];
  return PRIVATE_ROUTES.some((name) => paths[name].split('/')[1] === first);
}
