/** `DATABASE_URL` as libpq reads it: `?host=/a/folder` is a Unix socket's folder (decision 032). */
import { describe, expect, it } from 'vitest';
import { connectionOf } from './database.ts';

describe('connectionOf', () => {
  it('leaves a TCP address as it is', () => {
    expect(connectionOf('postgres://marina:marina@127.0.0.1:5432/postgres')).toEqual({
      url: 'postgres://marina:marina@127.0.0.1:5432/postgres',
    });
  });

  it('reads ?host=/folder as the server’s Unix socket, on the URL’s port or 5432, and takes it out of the URL', () => {
    expect(connectionOf('postgres://marina:marina@localhost/marina?host=/var/run/postgresql')).toEqual({
      url: 'postgres://marina:marina@localhost/marina',
      path: '/var/run/postgresql/.s.PGSQL.5432',
    });
    expect(connectionOf('postgres://marina:marina@localhost:5433/marina?host=/tmp&sslmode=disable')).toEqual({
      url: 'postgres://marina:marina@localhost:5433/marina?sslmode=disable',
      path: '/tmp/.s.PGSQL.5433',
    });
  });

  it('keeps a host parameter that is not a folder for the driver', () => {
    expect(connectionOf('postgres://marina@localhost/marina?host=db.internal')).toEqual({
      url: 'postgres://marina@localhost/marina?host=db.internal',
    });
  });
});
