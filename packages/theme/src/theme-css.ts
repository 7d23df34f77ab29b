import type { Tokens } from './tokens.ts';

function declarations(groups: Record<string, Record<string, string>>): string {
  return Object.entries(groups)
    .flatMap(([group, values]) => Object.entries(values).map(([name, value]) => `  --mb-${group}-${name}: ${value};`))
    .join('\n');
}

/**
 * The brand's values for the global contract in `vars.css.ts`: one `:root` rule, and the dark scheme's colours
 * and shadows when the phone asks for it. `color-scheme` lets the browser draw its own controls and scrollbars
 * to match.
 */
export function themeCss(tokens: Tokens): string {
  const { dark, ...light } = tokens;
  return [
    `:root {\n  color-scheme: light dark;\n${declarations(light)}\n}`,
    `@media (prefers-color-scheme: dark) {\n:root {\n${declarations(dark)}\n}\n}`,
  ].join('\n');
}
