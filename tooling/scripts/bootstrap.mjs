#!/usr/bin/env node
// Entry of the README's two commands. Runs on any Node >= 18 with npm: it brings Node 24 LTS and
// pnpm 12 into the git-ignored `.tools/` folder when the machine's are older or missing, installs the
// workspace, then hands over to the real script (`tooling/scripts/<task>.ts`) under Node 24.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_MAJOR = 24;
const PNPM_MAJOR = 12;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const tools = join(root, '.tools');
const toolsBin = join(tools, 'bin');

const [task, ...args] = process.argv.slice(2);
if (!task) {
  console.error('usage: bootstrap.mjs <task> [args]');
  process.exit(2);
}

function log(message) {
  console.log(`\u001b[36m[bootstrap]\u001b[0m ${message}`);
}

function majorOf(version) {
  const match = /^v?(\d+)\./.exec(version.trim());
  return match ? Number(match[1]) : 0;
}

function versionOf(command, env) {
  try {
    return execFileSync(command, ['--version'], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return '';
  }
}

function npm(npmArgs) {
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', npmArgs, {
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd: root,
  });
  if (result.status !== 0) throw new Error(`npm ${npmArgs.join(' ')} failed`);
}

function link(target, name) {
  mkdirSync(toolsBin, { recursive: true });
  const path = join(toolsBin, name);
  rmSync(path, { force: true });
  symlinkSync(target, path);
}

function ensureNode() {
  if (majorOf(process.version) >= NODE_MAJOR) {
    link(process.execPath, 'node');
    return;
  }
  const local = join(toolsBin, 'node');
  if (existsSync(local) && majorOf(versionOf(local)) === NODE_MAJOR) return;
  const pkg = `node-${process.platform}-${process.arch}`;
  log(`Node ${process.version} is older than ${NODE_MAJOR}: installing ${pkg}@${NODE_MAJOR} into .tools/`);
  npm(['install', '--no-save', '--no-package-lock', '--prefix', join(tools, 'node'), `${pkg}@${NODE_MAJOR}`]);
  link(join(tools, 'node', 'node_modules', pkg, 'bin', 'node'), 'node');
}

function ensurePnpm(env) {
  const local = join(tools, 'pnpm', 'bin', 'pnpm');
  if (existsSync(local) && majorOf(versionOf(local, env)) === PNPM_MAJOR) return;
  log(`installing pnpm@${PNPM_MAJOR} into .tools/`);
  npm(['install', '--global', '--prefix', join(tools, 'pnpm'), `pnpm@${PNPM_MAJOR}`]);
}

function run(command, commandArgs, env) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', cwd: root, env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

try {
  ensureNode();
  const env = {
    ...process.env,
    PATH: [toolsBin, join(tools, 'pnpm', 'bin'), join(root, 'node_modules', '.bin'), process.env.PATH].join(':'),
    // Turbo and pnpm stay quiet about updates and telemetry on a closed network.
    TURBO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    npm_config_update_notifier: 'false',
  };
  ensurePnpm(env);
  const lockfile = existsSync(join(root, 'pnpm-lock.yaml'));
  const installArgs = ['install', ...(process.env.CI && lockfile ? ['--frozen-lockfile'] : [])];
  log(`pnpm ${installArgs.join(' ')}`);
  if (run('pnpm', installArgs, env) !== 0) process.exit(1);
  const script = join(root, 'tooling', 'scripts', `${task}.ts`);
  if (!existsSync(script)) throw new Error(`unknown task ${task}`);
  process.exit(run(join(toolsBin, 'node'), [script, ...args], env));
} catch (error) {
  console.error(`[bootstrap] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
