import type { Tokens } from './tokens.ts';

/** The brand's values for the global contract in `vars.css.ts`, as one `:root` rule. */
export function themeCss(tokens: Tokens): string {
  const lines: string[] = [];
  for (const [group, values] of Object.entries(tokens)) {
    for (const [name, value] of Object.entries(values as Record<string, string>)) {
      lines.push(`  --mb-${group}-${name}: ${value};`);
    }
  }
  return `:root {\n${lines.join('\n')}\n}\n`;
}
