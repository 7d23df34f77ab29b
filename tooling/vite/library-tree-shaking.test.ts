import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './client-vite-config.ts';
import { LIBRARY_EDITS, SIDE_EFFECT_FREE } from './library-tree-shaking.ts';

/** A file of a package the app depends on, where the bundler reads it (pnpm's store). */
const installed = (path: string) => realpathSync(join(repoRoot, 'packages', 'core', 'node_modules', path));

/** A package Formik depends on, as Formik's folder sees it. */
const formikDependency = (path: string) => realpathSync(join(installed('formik'), '..', path));

const files = {
  router: installed('react-router/dist/production/lib/dom/lib.js'),
  formik: installed('formik/dist/formik.esm.js'),
};

const editFor = (file: string) => {
  const edit = LIBRARY_EDITS.find((candidate) => candidate.file.test(file));
  if (!edit) throw new Error(`no edit for ${file}`);
  const source = readFileSync(file, 'utf8');
  return { edit, source, ...edit.apply(source) };
};

describe('the edits to the installed libraries', () => {
  it('each finds every place it expects, and keeps every line where it was', () => {
    for (const file of Object.values(files)) {
      const { edit, source, code, found } = editFor(file);
      expect(found, file).toBe(edit.expected);
      expect(code.split('\n').length, file).toBe(source.split('\n').length);
    }
  });

  it('React Router: its link and form components are marked pure, and nothing else of the file changes', () => {
    const { source, code } = editFor(files.router);
    for (const name of ['Link', 'NavLink', 'Form']) {
      expect(code).toContain(`const ${name} = /* @__PURE__ */ React$1.forwardRef(`);
      expect(code).not.toMatch(new RegExp(`^${name}\\.displayName`, 'm'));
    }
    const kept = (text: string) =>
      text
        .split('\n')
        .map((line) => (/^\w+\.displayName = /.test(line) ? '' : line.replace('/* @__PURE__ */ ', '')))
        .join('\n');
    expect(kept(code)).toBe(kept(source));
  });

  it("Formik: FieldArray's default props are set inside the function that makes its class, before it returns it", () => {
    const { code } = editFor(files.formik);
    const start = code.indexOf('var FieldArrayInner = /*#__PURE__*/function');
    const defaults = code.indexOf('FieldArrayInner.defaultProps = {\n  validateOnChange: true\n};');
    const end = code.indexOf('  return FieldArrayInner;\n}(Component);');
    expect(start).toBeGreaterThan(0);
    expect(defaults).toBeGreaterThan(start);
    expect(end).toBeGreaterThan(defaults);
    expect(code.match(/FieldArrayInner\.defaultProps/g)).toHaveLength(1);
  });

  it('declares side-effect free only the two CommonJS packages Formik brings for what the app does not use', () => {
    expect(SIDE_EFFECT_FREE.test(formikDependency('hoist-non-react-statics/dist/hoist-non-react-statics.cjs.js'))).toBe(
      true,
    );
    expect(
      SIDE_EFFECT_FREE.test(
        realpathSync(join(formikDependency('hoist-non-react-statics'), '..', 'react-is', 'index.js')),
      ),
    ).toBe(true);
    expect(SIDE_EFFECT_FREE.test(formikDependency('react-fast-compare/index.js'))).toBe(false);
    expect(SIDE_EFFECT_FREE.test(installed('react-dom/index.js'))).toBe(false);
  });
});
