/**
 * The words of domain/'s body rules live in the catalogue (decision 044): a Spanish message written inline in
 * domain/ fails here. Every non-test module of domain/ is parsed with the TypeScript compiler, and each string
 * literal and piece of a template literal that reads as Spanish is reported, with its file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A path, not a URL: under jsdom, `URL` is the page's, which node:fs does not take.
const DOMAIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'domain');

/** Spanish: its letters and signs, or the words its messages are made of. */
const SPANISH =
  /[áéíóúñÁÉÍÓÚÑ¿¡]|\b(?:Escribe|Elige|Marca|Falta|Debes|Acepta|debe|como mucho|al menos|el|la|los|las|del|tu|tus|que|de|un|una|por|para|con|sin|ya|hoy)\b/;

/** Where Spanish may stay in domain/: what is not a rule's message, or what a later issue words (decision 044). */
const NAMES_ALLOWED = [
  // The state, plan, role and type label tables: the languages issue moves them.
  /_LABELS$/,
  // Sample values of the OpenAPI document.
  /_EXAMPLE$/,
];
const ALLOWED_BY_FILE: Readonly<Record<string, readonly string[]>> = {
  // The eligibility reasons and their fixes: not a body rule's words; they move on their own (decision 044).
  'eligibility.ts': [
    'fixes',
    'ACCOUNT_RULES',
    'BOAT_RULES',
    'LAUNCH_BOAT_RULES',
    'AUTHORISATION_RULES',
    'authorisedEligibility',
  ],
  'cards.ts': ['CARD_ONLY_REASONS'],
  // Country names in the marina's SMS countries.
  'contact.ts': ['SMS_COUNTRIES'],
  // A keyboard row a guesser tries, not words.
  'password.ts': ['RUNS'],
  // The days and times the app writes out («sábado 28 de noviembre a las 13:30»), and the zones' names: not a
  // body rule's words.
  'format-dates.ts': [
    'MONTHS',
    'SHORT_WEEKDAYS',
    'SHORT_MONTHS',
    'RELATIVE_DAYS',
    'ZONE_NAMES',
    'formatDay',
    'describeSlot',
    'zoneName',
  ],
};

/** The name of the top-level declaration a node is in (a const, a function). */
function declarationName(node: ts.Node): string | undefined {
  let top = node;
  while (top.parent && !ts.isSourceFile(top.parent)) top = top.parent;
  if (ts.isFunctionDeclaration(top)) return top.name?.text;
  if (ts.isVariableStatement(top)) {
    const [declaration] = top.declarationList.declarations;
    if (declaration && ts.isIdentifier(declaration.name)) return declaration.name.text;
  }
  return undefined;
}

function propertyName(node: ts.Node): string | undefined {
  if (!ts.isPropertyAssignment(node)) return undefined;
  return ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : undefined;
}

/** Whether a literal is one of the allowed places: a `description`, an `examples`, a yup test's name… */
function allowed(literal: ts.Node, file: string): boolean {
  const name = declarationName(literal);
  if (name && (NAMES_ALLOWED.some((pattern) => pattern.test(name)) || ALLOWED_BY_FILE[file]?.includes(name)))
    return true;
  for (let node: ts.Node = literal; node.parent; node = node.parent) {
    const parent = node.parent;
    const property = propertyName(parent);
    if (property === 'description' || property === 'examples') return true;
    // `.test(name, message, …)`: the name is an identifier, not words.
    if (
      ts.isCallExpression(parent) &&
      parent.arguments[0] === node &&
      ts.isPropertyAccessExpression(parent.expression) &&
      parent.expression.name.text === 'test'
    )
      return true;
  }
  return false;
}

/** Every piece of text a literal writes: a string, or each fixed piece of a template. */
function pieces(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  return [];
}

/** The Spanish texts written inline in a module, as `file:line: text`. */
function inlineSpanish(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    for (const text of pieces(node)) {
      if (SPANISH.test(text) && !allowed(node, file)) {
        const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
        found.push(`${file}:${line}: ${text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const modules = readdirSync(DOMAIN).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe("domain/'s rules take their words from the catalogue", () => {
  it('reads the modules of domain/', () => {
    expect(modules).toContain('account-rules.ts');
    expect(modules.length).toBeGreaterThan(10);
  });

  it.each(modules)('%s words no message inline (they go in messages/field-rules.ts)', (file) => {
    expect(inlineSpanish(file, readFileSync(join(DOMAIN, file), 'utf8'))).toEqual([]);
  });

  it('finds a message written inline, and lets pass what is not one', () => {
    const source = `
      const rule = yup.string().required('Elige el barco.').max(60, \`Marca: como mucho \${max} caracteres.\`);
      const named = yup.string().test('fecha válida', m.invalid_date({ label }), () => true);
      const meta = { description: 'Él no', examples: [{ name: 'Lucía' }] };
      export const STATE_LABELS = { pending: 'Pendiente de confirmar' };
      export const BOAT_EXAMPLE = { name: 'Año' };
    `;
    expect(inlineSpanish('sample.ts', source)).toEqual([
      'sample.ts:2: Elige el barco.',
      'sample.ts:2: Marca: como mucho ',
    ]);
  });
});
