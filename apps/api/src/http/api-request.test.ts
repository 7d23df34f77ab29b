import { describe, expect, it } from 'vitest';
import { isApiNormalisedPath, normalisedPath } from './api-request.ts';

describe('normalisedPath', () => {
  it('decodes, resolves dot segments and repeated slashes, drops the query, lower-cases', () => {
    expect(normalisedPath('/%61pi/v1/me?x=1')).toBe('/api/v1/me');
    expect(normalisedPath('/%2561pi/v1/me')).toBe('/api/v1/me');
    expect(normalisedPath('/ayuda/..%2F%61pi//v1/me')).toBe('/api/v1/me');
    expect(normalisedPath('/AYUDA/%2e%2e/API/v1')).toBe('/api/v1');
    expect(normalisedPath('\\api\\v1\\me')).toBe('/api/v1/me');
  });

  it('keeps a path it cannot decode as it is', () => {
    expect(normalisedPath('/api/v1/%E0%A4%A')).toBe('/api/v1/%e0%a4%a');
  });
});

describe('isApiNormalisedPath', () => {
  it('tells the API namespace from the app’s routes', () => {
    for (const url of ['/api', '/api/', '/%61pi/v1/me', '/Api/v1']) expect(isApiNormalisedPath(url), url).toBe(true);
    for (const url of ['/', '/login', '/apis', '/ayuda/api']) expect(isApiNormalisedPath(url), url).toBe(false);
  });
});
