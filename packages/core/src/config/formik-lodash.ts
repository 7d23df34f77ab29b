// Build-time: which lodash modules Formik gets, for every Vite build and test run of the app.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The lodash functions Formik 2 imports (`lodash-es/<name>` in its ES build, `lodash/<name>` in its
 * CommonJS one), and nothing else of lodash's.
 */
export const FORMIK_LODASH_FUNCTIONS = ['clone', 'cloneDeep', 'isPlainObject', 'toPath'] as const;

const esToolkit = dirname(createRequire(import.meta.url).resolve('es-toolkit/package.json'));

/** The ES module es-toolkit's lodash-compatible layer (`es-toolkit/compat`) has for one lodash function. */
export const compatModule = (name: string) => join(esToolkit, 'compat', `${name}.mjs`);

/**
 * Vite aliases that give Formik `es-toolkit/compat`'s versions of its lodash functions: the same
 * behaviour (es-toolkit runs lodash's own tests against that layer) in about a fifth of the bytes, which
 * the sign-in screen loads before its form can be sent (decision 017). Only these four are aliased, so any
 * other import of lodash is left as it is. Absolute paths: Formik's folder cannot see es-toolkit (a
 * dependency of this package).
 */
export const formikLodashAliases = FORMIK_LODASH_FUNCTIONS.map((name) => ({
  find: new RegExp(`^lodash(?:-es)?/${name}(?:\\.js)?$`),
  replacement: compatModule(name),
}));
