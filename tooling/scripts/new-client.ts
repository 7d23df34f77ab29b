// `pnpm new-client --id 77 --title "Marina del Sur" [--short "Del Sur"] [--brand #0b4f6c] [--accent #0b6e99]
//   [--phone "+34 900 000 077"] [--email info@marina.example] [--address "Muelle 1, Málaga"]
//   [--time-zone Atlantic/Canary] [--sms]`
// Scaffolds apps/client-<id>, links it into the workspace and checks its config and logo as the build will. On any
// failure it leaves nothing behind (no folder, the lockfile as it was), so the same command can run again.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ClientFoldersError } from '@marina/core/config/marina-folders.ts';
import { loadClient, repoRoot } from '../vite/client-vite-config.ts';
import { flag, run } from './lib/run.ts';
import { scaffoldClient } from './lib/scaffold-client.ts';

const args = process.argv.slice(2);
const id = Number(flag(args, 'id'));
const title = flag(args, 'title');
if (!Number.isInteger(id) || id <= 0 || !title) {
  console.error(
    'usage: pnpm new-client --id <number> --title "<marina name>" [--short …] [--brand #rrggbb] [--accent #rrggbb] [--phone …] [--email …] [--address …] [--time-zone …] [--sms]',
  );
  process.exit(2);
}

const lockfile = join(repoRoot, 'pnpm-lock.yaml');
const lockfileBefore = existsSync(lockfile) ? readFileSync(lockfile, 'utf8') : undefined;
const dir = join(repoRoot, 'apps', `client-${id}`);
if (existsSync(dir)) {
  console.error(`${relative(process.cwd(), dir)} already exists: choose another --id, or remove that folder first.`);
  process.exit(2);
}

/** Links the workspace's packages (the new one included) from the local store: no network needed. */
async function link(): Promise<boolean> {
  // `--no-frozen-lockfile`: under CI pnpm would otherwise refuse to add the new package to the lockfile.
  const install = ['install', '--no-frozen-lockfile', '--silent'];
  return (
    (await run('pnpm', [...install, '--offline'])) === 0 || (await run('pnpm', [...install, '--prefer-offline'])) === 0
  );
}

let undoing = false;
/** Back to how it was: no folder, the lockfile restored, the link to the folder gone. */
async function undo(): Promise<void> {
  if (undoing) return;
  undoing = true;
  rmSync(dir, { recursive: true, force: true });
  if (lockfileBefore !== undefined) writeFileSync(lockfile, lockfileBefore);
  await run('pnpm', ['install', '--no-frozen-lockfile', '--offline', '--silent'], { quiet: true });
}

const interrupted = (signal: NodeJS.Signals) => {
  console.error(`\nInterrupted: removing ${relative(process.cwd(), dir)}.`);
  void undo().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

try {
  await scaffoldClient({
    id,
    title,
    shortName: flag(args, 'short') ?? title.split(' ').slice(-1)[0]!.slice(0, 12),
    brand: flag(args, 'brand') ?? '#0b4f6c',
    accent: flag(args, 'accent') ?? '#0b6e99',
    phone: flag(args, 'phone') ?? `+34 900 000 ${String(id).padStart(3, '0').slice(-3)}`,
    email: flag(args, 'email') ?? `info@client-${id}.example`,
    address: flag(args, 'address') ?? 'Dirección de la marina',
    timeZone: flag(args, 'time-zone'),
    sendsSms: args.includes('--sms'),
  });
  // Linked first: the config imports @marina/core, which resolves only once the folder is a workspace package.
  if (!(await link())) throw new Error('pnpm install failed (see above)');
  await loadClient(dir, { production: true });
} catch (error) {
  await undo();
  if (error instanceof ClientFoldersError) {
    console.error(`${error.message}\nNothing was created: correct the options above and run the command again.`);
  } else {
    console.error(`${error instanceof Error ? error.message : String(error)}\nNothing was created.`);
  }
  process.exit(1);
}

console.log(`
Created ${relative(process.cwd(), dir)}:
  client.config.ts  name, time zone, opening hours, codes by ${args.includes('--sms') ? 'SMS' : 'e-mail'}, rules that differ from
                    the platform's, contact, FAQ and brand colours (all checked at build, colours for WCAG AA contrast)
  logo.svg          the marina's logo, a badge with its short name (replace it: the build fails a logo whose
                    words would be cut or that reaches its edge, decision 051)
  icon.svg          square icon, no words: the favicon, and the PNGs the build draws for the home screen
Build it:  pnpm build --filter=@marina/client-${id}     Run it:  npm start -- --client ${id}
It joins the browser suite by itself.`);
