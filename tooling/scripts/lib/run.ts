import { spawn } from 'node:child_process';
import { repoRoot } from '../../vite/client-vite-config.ts';

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  quiet?: boolean;
  /** Receives what the command writes (both streams, in order) instead of the terminal. */
  onOutput?: (chunk: Buffer) => void;
}

/** Runs a command with the repository's tools on PATH; resolves with its exit code. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const { onOutput } = options;
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      stdio: options.quiet ? 'ignore' : onOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    child.stdout?.on('data', (chunk: Buffer) => onOutput?.(chunk));
    child.stderr?.on('data', (chunk: Buffer) => onOutput?.(chunk));
    child.on('error', () => resolve(127));
    // `close`, not `exit`: after the last of its output has been read.
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}
