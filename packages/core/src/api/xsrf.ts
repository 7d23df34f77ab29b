export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export interface XsrfTarget {
  method: string;
  /** The address as the caller wrote it, before resolution: relative addresses are the seed's rule. */
  input: string;
  /** Origin of the configured `apiUrl`, when the API is on another origin than the page. */
  apiOrigin: string | undefined;
  /** The page's origin, to resolve relative addresses. */
  pageOrigin: string;
}

/**
 * The seed's rule, widened by docs/product.md §7.2: for methods other than GET/HEAD, send the token to a relative
 * address or to the configured API origin, never anywhere else. A protocol-relative address (`//host`)
 * is not relative: it names another host.
 */
export function shouldSendXsrf({ method, input, apiOrigin, pageOrigin }: XsrfTarget): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (input.startsWith('//')) return false;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(input)) return true;
  let origin: string;
  try {
    origin = new URL(input, pageOrigin).origin;
  } catch {
    return false;
  }
  return origin === apiOrigin;
}

/** Adds the header unless it is already set or there is no cookie to read. */
export function applyXsrf(headers: Headers, target: XsrfTarget, cookies: string): void {
  if (headers.has(XSRF_HEADER) || !shouldSendXsrf(target)) return;
  const token = readCookie(cookies, XSRF_COOKIE);
  if (token) headers.set(XSRF_HEADER, token);
}
