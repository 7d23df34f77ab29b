// `pnpm bench:build`: the cold build of one marina against twenty (decision 070), as Turbo runs it on this
// machine: the app built once (`build-app.ts`), then each marina's step (`build-client.ts`), two at a time
// (`--concurrency`, the machine's cores by default). Twenty marinas are the three real ones' shape, scaffolded
// by `pnpm new-client`'s code into a folder of their own. Rounds interleave the two sides (`--rounds`, 3 by
// default) and the figures are medians, the twenty against the one (the floor) with the seconds beside them.
// Prints figures; asserts nothing.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../vite/client-vite-config.ts';
import { median } from './lib/floor-figures.ts';
import { run } from './lib/run.ts';
import { scaffoldClient } from './lib/scaffold-client.ts';

const option = (name: string) =>
  process.argv.indexOf(name) > 0 ? Number(process.argv[process.argv.indexOf(name) + 1]) : undefined;
const rounds = option('--rounds') ?? 3;
const concurrency = option('--concurrency') ?? availableParallelism();
const COUNT = 20;

// Inside the tooling package (git-ignored), where a marina's `client.config.ts` finds `@marina/core` as in
// `apps/` (and Node strips its types: it does not under node_modules).
const scratch = join(repoRoot, 'tooling', '.bench-build');
await mkdir(scratch, { recursive: true });
const work = await mkdtemp(join(scratch, 'run-'));
const apps = join(work, 'apps');
const marinas: string[] = [];
for (let index = 0; index < COUNT; index += 1) {
  const id = 1001 + index;
  marinas.push(
    await scaffoldClient(
      {
        id,
        title: `Marina de Prueba ${id}`,
        shortName: `Prueba ${id}`,
        brand: index % 2 ? '#0b4f6c' : '#7a1f2b',
        accent: '#0b6e99',
        phone: `+34 900 000 ${String(id).slice(-3)}`,
        email: `info@marina${id}.example`,
        address: 'Muelle 1, Málaga',
      },
      apps,
    ),
  );
}

const node = process.execPath;
const env = { NODE_ENV: 'production', MARINA_API_URL: '/' };
async function step(args: string[], compileCache: string) {
  const output: Buffer[] = [];
  const code = await run(node, args, {
    env: { ...env, NODE_COMPILE_CACHE: compileCache },
    onOutput: (chunk) => output.push(chunk),
  });
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}:\n${Buffer.concat(output).toString()}`);
}

/** One cold build of `count` marinas: the shared build, then their steps `concurrency` at a time. */
async function coldBuild(count: number): Promise<number> {
  const shared = join(work, 'shared');
  // Node's compile cache (`build-client.ts`) starts empty too, as on a machine that never built.
  const compileCache = join(work, 'compile-cache');
  await rm(shared, { recursive: true, force: true });
  await rm(compileCache, { recursive: true, force: true });
  const started = performance.now();
  await step(['tooling/scripts/build-app.ts', shared], compileCache);
  const queue = marinas.slice(0, count);
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let dir = queue.shift(); dir; dir = queue.shift())
        await step(['tooling/scripts/build-client.ts', dir, '--shared', shared], compileCache);
    }),
  );
  return (performance.now() - started) / 1000;
}

const one: number[] = [];
const twenty: number[] = [];
try {
  for (let round = 1; round <= rounds; round += 1) {
    one.push(await coldBuild(1));
    twenty.push(await coldBuild(COUNT));
    console.log(
      `round ${round}: 1 marina ${one.at(-1)!.toFixed(1)} s, ${COUNT} marinas ${twenty.at(-1)!.toFixed(1)} s (load ${loadavg()[0]!.toFixed(1)})`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
const floor = median(one);
const all = median(twenty);
console.log(
  `\ncold build, median of ${rounds} rounds, ${concurrency} at a time, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`  1 marina (floor)   ${floor.toFixed(1)} s`);
console.log(
  `  ${COUNT} marinas         ${all.toFixed(1)} s  = ${(all / floor).toFixed(2)} × the floor  (want ≤ 2 × and ≤ 60 s)`,
);
