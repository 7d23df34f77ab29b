import { describe, expect, it } from 'vitest';
import { applyXsrf, shouldSendXsrf, type XsrfTarget } from './xsrf.ts';

const page = 'https://marina.example';
const api = 'https://marina.example:8443';
const cookies = 'theme=dark; XSRF-TOKEN=abc%3D123; other=1';

function headersFor(target: Partial<XsrfTarget>, cookieString = cookies, preset?: Record<string, string>) {
  const headers = new Headers(preset);
  applyXsrf(headers, { method: 'POST', input: '/api/v1/x', apiOrigin: api, pageOrigin: page, ...target }, cookieString);
  return headers.get('X-XSRF-TOKEN');
}

describe('the XSRF rule', () => {
  it('sends nothing with GET or HEAD', () => {
    expect(headersFor({ method: 'GET' })).toBeNull();
    expect(headersFor({ method: 'head' })).toBeNull();
  });

  it('sends the cookie value to a relative address', () => {
    expect(headersFor({ input: '/api/v1/launches' })).toBe('abc=123');
    expect(headersFor({ input: 'launches', method: 'DELETE' })).toBe('abc=123');
  });

  it('sends it to the configured API origin', () => {
    expect(headersFor({ input: 'https://marina.example:8443/api/v1/launches', method: 'PUT' })).toBe('abc=123');
  });

  it('never sends it to another origin', () => {
    expect(headersFor({ input: 'https://evil.example/api/v1/launches' })).toBeNull();
    expect(headersFor({ input: 'http://marina.example:8443/api/v1/launches' })).toBeNull();
    expect(headersFor({ input: 'https://marina.example:9443/api' })).toBeNull();
  });

  it('treats a protocol-relative address as another origin', () => {
    expect(shouldSendXsrf({ method: 'POST', input: '//evil.example/x', apiOrigin: api, pageOrigin: page })).toBe(false);
    expect(headersFor({ input: '//marina.example:8443/api/v1/x' })).toBeNull();
  });

  it('sends nothing when there is no cookie', () => {
    expect(headersFor({}, 'theme=dark')).toBeNull();
    expect(headersFor({}, '')).toBeNull();
  });

  it('keeps a header that is already set', () => {
    expect(headersFor({}, cookies, { 'X-XSRF-TOKEN': 'mine' })).toBe('mine');
  });
});
