// One lint setup for the whole repository. The import rules enforce the direction README.md lists under
// "Layout": app → features → shared (components, lib, api, domain); features never reach into each other;
// domain knows nothing of React; only the API client talks HTTP.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const core = './packages/core/src';
const features = readdirSync(new URL(`${core}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Every marina folder, so a new client is fenced off from the server with no edit here.
const clientFolders = readdirSync(new URL('./apps', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.startsWith('client-'))
  .map((entry) => `./apps/${entry.name}`);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.turbo/**',
      '.tools/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      '**/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // The file types import-x reads to follow imports: without .ts it parses no TypeScript module, so
      // import-x/no-cycle saw no imports at all and never fired.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            // Shared code never imports the app or a feature.
            ...['components', 'lib', 'api', 'domain', 'messages', 'config'].map((shared) => ({
              target: `${core}/${shared}`,
              from: [`${core}/app`, `${core}/features`],
              message: 'Shared code must not depend on the app or on a feature.',
            })),
            {
              target: `${core}/domain`,
              from: core,
              // The words of its body rules come from the catalogue (decision 044), from that one leaf file only.
              except: ['./domain', './messages/field-rules.ts'],
              message:
                'domain/ holds rules and types only: it imports nothing else of the app but the words of its rules (messages/field-rules.ts).',
            },
            {
              // domain/ imports it, so it imports nothing of the app: domain/ → messages/ can never close a cycle.
              target: `${core}/messages/field-rules.ts`,
              from: './packages/core',
              message:
                'messages/field-rules.ts is a leaf (decision 044): domain/ imports it, so it imports nothing here.',
            },
            {
              target: `${core}/messages`,
              from: core,
              except: ['./domain', './messages'],
              message: 'messages/ is the message catalogue (decision 044): words over domain/ codes, nothing else.',
            },
            { target: `${core}/features`, from: `${core}/app`, message: 'Features must not import the app shell.' },
            // A feature never reaches into another one.
            ...features.map((feature) => ({
              target: `${core}/features/${feature}`,
              from: `${core}/features`,
              except: [`./${feature}`],
              message: 'Features must not import each other: move the shared part to components/, lib/ or domain/.',
            })),
            { target: './packages/theme', from: ['./packages/core', './apps', './tooling'] },
            { target: './packages/core', from: ['./apps', './tooling'] },
            { target: './apps/api', from: [...clientFolders, './tooling'] },
            {
              target: './apps/api',
              from: './packages/core/src',
              // The marina folders' loader: the server seeds from the same declarations as the build. The
              // message catalogue: the server's words come from it too (decision 044).
              except: ['./domain', './messages', './config/marina-folders.ts'],
              message:
                "The server may share only domain/ (rules and types), messages/ (the catalogue) and the marina folders' loader, never React code.",
            },
            {
              target: [
                `${core}/app`,
                `${core}/features`,
                `${core}/components`,
                `${core}/lib`,
                `${core}/api`,
                `${core}/domain`,
                `${core}/messages`,
              ],
              from: `${core}/config/marina-folders.ts`,
              message: "The marina folders' loader reads the disk (Node only): the app never imports it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${core}/**/*.{ts,tsx}`],
    ignores: [`${core}/api/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'ky', message: 'Screens call the API through src/api, never ky directly.' },
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink', 'Form'],
              message:
                "Use components/link.tsx (and Formik's forms): React Router's bring its framework mode's prefetching before the sign-in form works (decision 017).",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${core}/domain/**/*.ts`, `${core}/messages/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', 'ky', 'formik'],
              message: 'domain/ and messages/ are plain TypeScript: no React, no HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
