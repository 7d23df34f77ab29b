import { describe, expect, it } from 'vitest';
import { href, PRIVATE_ROUTES, safeNext } from './paths.ts';

describe('paths', () => {
  it('puts the boat of a launch request in the query string, so the link can be shared', () => {
    expect(href.altaPedidoBajadaBarco(12)).toBe('/alta-pedido-bajada-barco?barco=12');
  });

  it('builds the addresses the eligibility rule links its fixes to', () => {
    expect(href.barco('b 1')).toBe('/misbarcos/b%201');
    expect(href.altaContrato('b1')).toBe('/alta-contrato?barco=b1');
    expect(href.altaContrato()).toBe('/alta-contrato');
  });

  it('puts a launch of pedidosbajadas under its own address, and the one to move in the query string', () => {
    expect(href.bajada('l 1')).toBe('/pedidosbajadas/l%201');
    expect(href.reprogramarBajada('l1')).toBe('/reprogramar-bajada?id=l1');
  });

  it('encodes a card id', () => {
    expect(href.checkQR('a/b')).toBe('/checkQR/a%2Fb');
  });

  it('keeps the dashboard and the card private and the gate check public', () => {
    expect(PRIVATE_ROUTES).toContain('inicio');
    expect(PRIVATE_ROUTES).toContain('carnetVerde');
    expect(PRIVATE_ROUTES).not.toContain('checkQR');
  });
});

describe('safeNext', () => {
  it('keeps a path inside the app with its query', () => {
    expect(safeNext('/reprogramar-bajada?id=3')).toBe('/reprogramar-bajada?id=3');
  });

  it.each([
    ['/misbarcos/b%201', '/misbarcos/b%201'],
    ['/inicio#arriba', '/inicio#arriba'],
    ['/pedidosbajadas?volver=//x', '/pedidosbajadas?volver=//x'],
    ['/a/../inicio', '/inicio'],
    ['/ayuda?', '/ayuda'],
  ])('keeps %s as %s', (next, kept) => {
    expect(safeNext(next)).toBe(kept);
  });

  it.each([
    'https://evil.example/',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' /inicio',
    'data:text/html,x',
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    // Resolved by the browser's rules into a host: dot segments, encoded dots, tabs and line breaks.
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example/x',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/./\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    // A host once decoded, should anything decode the path before using it.
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5C/evil.example',
    '/%09/evil.example',
    '/%E0%A4%A',
    'inicio',
    '',
    null,
    undefined,
  ])('refuses %j and falls back to inicio', (next) => {
    expect(safeNext(next)).toBe('/inicio');
  });

  it('falls back to the screen it is given', () => {
    expect(safeNext('/.//evil.example', '/home')).toBe('/home');
  });
});
