// `pnpm new-client --id 77 --title "Marina del Sur" [--short "Del Sur"] [--brand #0b4f6c] [--accent #0b6e99]
//   [--phone "+34 900 000 077"] [--email info@marina.example] [--address "Muelle 1, Málaga"]`
// Scaffolds apps/client-<id>, links it into the workspace and checks its config as the build will.
import { ClientConfigError } from '@marina/core/config/validate-config.ts';
import { loadClient } from '../vite/client-vite-config.ts';
import { flag, run } from './lib/run.ts';
import { scaffoldClient } from './lib/scaffold-client.ts';

const args = process.argv.slice(2);
const id = Number(flag(args, 'id'));
const title = flag(args, 'title');
if (!Number.isInteger(id) || id <= 0 || !title) {
  console.error('usage: pnpm new-client --id <number> --title "<marina name>" [--short …] [--brand #rrggbb] [--accent #rrggbb] [--phone …] [--email …] [--address …]');
  process.exit(2);
}

const dir = await scaffoldClient({
  id,
  title,
  shortName: flag(args, 'short') ?? title.split(' ').slice(-1)[0]!.slice(0, 12),
  brand: flag(args, 'brand') ?? '#0b4f6c',
  accent: flag(args, 'accent') ?? '#0b6e99',
  phone: flag(args, 'phone') ?? `+34 900 000 ${String(id).padStart(3, '0').slice(-3)}`,
  email: flag(args, 'email') ?? `info@client-${id}.example`,
  address: flag(args, 'address') ?? 'Dirección de la marina',
});

try {
  await loadClient(dir, { production: true });
} catch (error) {
  if (error instanceof ClientConfigError) console.error(`${error.message}\nFix ${dir}/client.config.ts, then build.`);
  else throw error;
}
if ((await run('pnpm', ['install', '--silent'])) !== 0) process.exit(1);

console.log(`
Created ${dir}:
  client.config.ts  name, contact, FAQ and brand colours (checked for WCAG AA contrast at build)
  logo.svg          the marina's logo (replace it)
  icon.svg          square icon for the favicon and the home screen (replace it)
Build it:  pnpm --filter @marina/client-${id} build     Run it:  npm start -- --client ${id}
It joins the browser suite by itself.`);
