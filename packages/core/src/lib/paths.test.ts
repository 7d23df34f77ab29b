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

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'inicio', '', null])(
    'refuses %s and falls back to inicio',
    (next) => {
      expect(safeNext(next)).toBe('/inicio');
    },
  );
});
