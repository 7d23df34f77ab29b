// For tests that run the scripts as the README shows: real processes, a copy of the checkout when a test
// changes the workspace, and what the kernel says about listening sockets.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { repoRoot } from '../../vite/client-vite-config.ts';

export interface ScriptProcess {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved. */
  output(): string;
  /** Resolves with the first match in the output; rejects if the process exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGINT as Ctrl+C, SIGKILL if it has not ended after a while. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ScriptOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** The environment a person's shell has after the README's `export PATH=…`: the workspace's tools on PATH. */
function scriptEnv(cwd: string, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const base = { ...process.env };
  // A test's own settings must not leak into the script under test.
  for (const name of [
    'HOST',
    'PORT',
    'DATA_DIR',
    'DATABASE_URL',
    'NODE_ENV',
    'LOG_LEVEL',
    'VITEST',
    'VITEST_WORKER_ID',
    'VITEST_POOL_ID',
  ])
    delete base[name];
  return { ...base, PATH: `${join(cwd, 'node_modules', '.bin')}:${process.env.PATH}`, ...env };
}

export function startScript(command: string, args: string[], options: ScriptOptions = {}): ScriptProcess {
  const cwd = options.cwd ?? repoRoot;
  const child = spawn(command, args, { cwd, env: scriptEnv(cwd, options.env), stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  let ended = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    // 'close': the output streams are drained too, so the last lines are there for whoever reads them.
    child.on('close', (code, signal) => {
      ended = true;
      for (const listener of listeners) listener();
      resolve({ code, signal });
    });
  });
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(text);
          if (match) {
            done();
            resolve(match);
          } else if (ended) {
            done();
            reject(new Error(`${basename(args[0] ?? command)} exited before printing ${pattern}:\n${text}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} after ${timeoutMs} ms:\n${text}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (!ended) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

/** Runs a command to its end. */
export async function runScript(command: string, args: string[], options: ScriptOptions = {}) {
  const script = startScript(command, args, options);
  const { code } = await script.exited;
  return { code, output: script.output() };
}

/** `node tooling/scripts/<name>.ts …`, which is what `npm start`, `pnpm dev` and the rest hand over to. */
export function startNodeScript(name: string, args: string[], options: ScriptOptions = {}): ScriptProcess {
  return startScript(process.execPath, [join('tooling', 'scripts', `${name}.ts`), ...args], options);
}

const NOT_COPIED = new Set([
  'node_modules',
  '.git',
  '.tools',
  '.turbo',
  '.data',
  'dist',
  'release',
  'test-results',
  'playwright-report',
  'coverage',
]);

/**
 * A copy of this checkout in a temporary folder, installed from the local store (seconds, no network), for
 * a test that adds or breaks a marina folder without touching the real one.
 */
export async function copyCheckout(): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'marina-checkout-'));
  const remove = () => rm(root, { recursive: true, force: true });
  try {
    await cp(repoRoot, root, { recursive: true, filter: (source) => !NOT_COPIED.has(basename(source)) });
    const install = await runScript('pnpm', ['install', '--offline', '--frozen-lockfile', '--silent'], { cwd: root });
    if (install.code !== 0) throw new Error(`pnpm install in the copy failed:\n${install.output}`);
    return { root, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** Addresses the kernel has a TCP socket listening on at `port` (Linux: /proc/net/tcp and tcp6). */
export async function listeningAddresses(port: number): Promise<string[]> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const [file, decode] of [
    ['/proc/net/tcp', decodeIpv4],
    ['/proc/net/tcp6', decodeIpv6],
  ] as const) {
    const lines = (await readFile(file, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, localPort] = (local ?? '').split(':');
      // 0A: LISTEN
      if (state === '0A' && localPort === hexPort && address) found.push(decode(address));
    }
  }
  return found;
}

function decodeIpv4(hex: string): string {
  // Little-endian bytes: 0100007F is 127.0.0.1.
  return [6, 4, 2, 0].map((at) => parseInt(hex.slice(at, at + 2), 16)).join('.');
}

function decodeIpv6(hex: string): string {
  if (/^0{32}$/.test(hex)) return '::';
  if (hex === '00000000000000000000000001000000') return '::1';
  if (hex.startsWith('0000000000000000FFFF0000')) return `::ffff:${decodeIpv4(hex.slice(24))}`;
  return hex;
}

/** `count` consecutive ports free on 127.0.0.1 now. */
export async function freeConsecutivePorts(count: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    let ok = true;
    for (let offset = 0; offset < count && ok; offset += 1) ok = await free(base + offset);
    if (ok) return base;
  }
  throw new Error(`no ${count} consecutive free ports`);
}
