// Lets the bundler leave out the parts of Formik and React Router the app does not use (decision 017).
import type { Plugin } from 'vite';

/**
 * One library file as the bundler gets it, rewritten so that what the app does not use can be left out.
 * Each edit keeps the file's lines where they were (the source map stays right) and changes no behaviour:
 * `expected` says how many places it must find in the installed version, which `library-tree-shaking.test.ts`
 * checks, so a new release of the library that no longer matches fails there rather than silently
 * bringing the unused code back (the budget test of `prerender.test.ts` would catch that too).
 */
export interface LibraryEdit {
  /** The package, and its file, under node_modules. */
  file: RegExp;
  why: string;
  /** How many places the edit finds in the installed version. */
  expected: number;
  apply: (code: string) => { code: string; found: number };
}

/** `React.forwardRef(…)` at the top of a module, which the bundler must otherwise keep: it cannot know it is pure. */
function pureForwardRefs(code: string) {
  let found = 0;
  const next = code.replace(/^const (\w+) = React\$1\.forwardRef\(/gm, (_match, name: string) => {
    found += 1;
    return `const ${name} = /* @__PURE__ */ React$1.forwardRef(`;
  });
  return { code: next, found };
}

/**
 * `Component.displayName = "…"` after a component: a write the bundler keeps, and the component with it,
 * whether or not anything renders it. The name is only React DevTools' label.
 */
function dropDisplayNames(code: string) {
  let found = 0;
  const next = code.replace(/^\w+\.displayName = "[\w.]+";$/gm, () => {
    found += 1;
    return '';
  });
  return { code: next, found };
}

export const LIBRARY_EDITS: readonly LibraryEdit[] = [
  {
    file: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]lib\.js$/,
    why:
      "React Router's `Link`, `NavLink`, `Form`, `ScrollRestoration` and `unstable_HistoryRouter` (the app " +
      "has its own links, `components/link.tsx`, and Formik's forms), with what only they use: framework " +
      "mode's prefetching. About 4 KB gzipped",
    // Three components made with `forwardRef`; five `displayName`s.
    expected: 8,
    apply: (code) => {
      const pure = pureForwardRefs(code);
      const names = dropDisplayNames(pure.code);
      return { code: names.code, found: pure.found + names.found };
    },
  },
  {
    file: /[\\/]node_modules[\\/]formik[\\/]dist[\\/]formik\.esm\.js$/,
    why:
      "Formik's `FieldArray`, which no form of the app uses: its default props were set after its class, " +
      'a write that kept the class; set inside the function that makes the class, as the class is made: ' +
      'about 1 KB gzipped',
    expected: 1,
    apply: (code) => {
      let found = 0;
      const next = code.replace(
        /^( {2}return FieldArrayInner;\n\}\(Component\);\n)\n(FieldArrayInner\.defaultProps = \{\n {2}validateOnChange: true\n\};\n)/m,
        (_match, end: string, defaults: string) => {
          found += 1;
          // The same lines, the assignment moved up into the function, before its `return`.
          return `${defaults}${end}\n`;
        },
      );
      return { code: next, found };
    },
  },
];

/**
 * CommonJS packages that have no side effects but do not say so (`"sideEffects": false`), so that the
 * bundler keeps their module's code even when nothing uses it: `hoist-non-react-statics` and the
 * `react-is` it needs, which Formik imports for its `connect` and `withFormik`, unused by the app.
 */
export const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/;

export function libraryTreeShaking(): Plugin {
  return {
    name: 'marina-library-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (SIDE_EFFECT_FREE.test(id)) return { code, map: null, moduleSideEffects: false };
      const edit = LIBRARY_EDITS.find((candidate) => candidate.file.test(id));
      if (!edit) return null;
      const edited = edit.apply(code);
      // The build goes on (the bundle is only larger), but says so: the library has changed.
      if (edited.found !== edit.expected)
        this.warn(
          `${id}: expected ${edit.expected} places to edit, found ${edited.found}: ${edit.why} stays in the bundle`,
        );
      // `map: null`: the lines stay where they were.
      return { code: edited.code, map: null };
    },
  };
}
