import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import clone from 'es-toolkit/compat/clone';
import cloneDeep from 'es-toolkit/compat/cloneDeep';
import isPlainObject from 'es-toolkit/compat/isPlainObject';
import toPath from 'es-toolkit/compat/toPath';
import { Field, Form, Formik, type FormikErrors } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { compatModule, FORMIK_LODASH_FUNCTIONS, formikLodashAliases } from './formik-lodash.ts';

// Formik's deep clone, watched: the form below must reach it through the alias, as the bundle does.
vi.mock(import('es-toolkit/compat/cloneDeep'), async (original) => {
  const actual = (await original()).default;
  return { default: vi.fn(actual) as typeof actual };
});

// lodash itself, loaded by Node (no alias applies to `require`), to hold the replacements to.
const require = createRequire(import.meta.url);
const lodash = {
  clone: require('lodash/clone') as typeof clone,
  cloneDeep: require('lodash/cloneDeep') as typeof cloneDeep,
  isPlainObject: require('lodash/isPlainObject') as typeof isPlainObject,
  toPath: require('lodash/toPath') as typeof toPath,
};

const formikDist = join(dirname(require.resolve('formik/package.json')), 'dist');

describe("Formik's lodash functions, from es-toolkit/compat", () => {
  it("covers every lodash function Formik's ES and CommonJS builds import", () => {
    const imported = new Set<string>();
    for (const file of ['formik.esm.js', 'formik.cjs.development.js', 'formik.cjs.production.min.js']) {
      const source = readFileSync(join(formikDist, file), 'utf8');
      for (const [, name] of source.matchAll(/['"]lodash(?:-es)?\/([\w.]+)['"]/g)) imported.add(name!);
    }
    expect([...imported].sort()).toEqual([...FORMIK_LODASH_FUNCTIONS].sort());
    for (const name of imported) {
      const alias = formikLodashAliases.find(
        ({ find }) => find.test(`lodash-es/${name}`) && find.test(`lodash/${name}`),
      );
      expect(alias?.replacement).toBe(compatModule(name));
      expect(readFileSync(alias!.replacement, 'utf8')).toMatch(/export \{ \w+ as default \}/);
    }
    // Another lodash function, or a longer name, is not taken for one of these.
    expect(formikLodashAliases.some(({ find }) => find.test('lodash/cloneDeepWith') || find.test('lodash/merge'))).toBe(
      false,
    );
  });

  it('clone and cloneDeep copy what a form holds as lodash does', () => {
    class Boat {
      name: string;
      constructor(name: string) {
        this.name = name;
      }
    }
    const values = {
      identifier: 'ana@correo.es',
      accepted: true,
      owner: { name: 'Ana', phones: ['600 000 000'] },
      boats: [{ name: 'Mar', length: 7.5, since: new Date('2024-05-01T10:00:00Z') }],
      boat: new Boat('Sol'),
      empty: null,
      missing: undefined,
    };
    for (const name of ['clone', 'cloneDeep'] as const) {
      const copy = { clone, cloneDeep }[name](values);
      expect(copy).toEqual(lodash[name](values));
      expect(copy).not.toBe(values);
      expect(Object.getPrototypeOf(copy.boat)).toBe(Boat.prototype);
    }
    const shallow = clone(values);
    expect(shallow.owner).toBe(values.owner);
    const deep = cloneDeep(values);
    expect(deep.owner).not.toBe(values.owner);
    expect(deep.boats[0]!.since).not.toBe(values.boats[0]!.since);
    expect(deep.boats[0]!.since.getTime()).toBe(values.boats[0]!.since.getTime());
    for (const array of [[], ['a', { b: 1 }], [1, undefined, 3]]) {
      expect(clone(array)).toEqual(lodash.clone(array));
      expect(cloneDeep(array)).toEqual(lodash.cloneDeep(array));
    }
    for (const primitive of [undefined, null, 0, '', 'texto', false]) {
      expect(clone(primitive)).toBe(lodash.clone(primitive));
      expect(cloneDeep(primitive)).toBe(lodash.cloneDeep(primitive));
    }
  });

  it('toPath splits field names as lodash does', () => {
    for (const name of [
      'identifier',
      'owner.name',
      'boats[0].name',
      'boats.0.name',
      'a[0][1]',
      'a["b.c"].d',
      "a['x']",
      '',
      'a..b',
      '[0]',
    ]) {
      expect(toPath(name)).toEqual(lodash.toPath(name));
    }
  });

  it('isPlainObject tells plain objects as lodash does', () => {
    for (const value of [
      {},
      { a: 1 },
      Object.create(null),
      [],
      new Date(),
      new (class Boat {})(),
      null,
      undefined,
      'a',
      1,
      () => {},
    ]) {
      expect(isPlainObject(value)).toBe(lodash.isPlainObject(value));
    }
  });
});

interface Owner {
  owner: { name: string };
  boats: Array<{ name: string }>;
}

describe('a Formik form running on them', () => {
  it('keeps nested values, errors and touched by field name, and sends the values typed', async () => {
    const initialValues: Owner = { owner: { name: '' }, boats: [{ name: 'Mar' }] };
    const sent = vi.fn();
    const validate = (values: Owner) => {
      const errors: FormikErrors<Owner> = {};
      if (!values.owner.name) errors.owner = { name: 'Escribe el nombre del titular.' };
      if (!values.boats[0]?.name) errors.boats = [{ name: 'Escribe el nombre del barco.' }];
      return errors;
    };
    render(
      <Formik initialValues={initialValues} validate={validate} onSubmit={sent}>
        {({ errors, touched }) => (
          <Form>
            <label htmlFor="owner">Titular</label>
            <Field id="owner" name="owner.name" />
            {touched.owner?.name && errors.owner?.name ? <p>{errors.owner.name}</p> : null}
            <label htmlFor="boat">Barco</label>
            <Field id="boat" name="boats[0].name" />
            {(touched.boats as Array<{ name?: boolean }> | undefined)?.[0]?.name &&
            typeof errors.boats?.[0] === 'object' ? (
              <p>{errors.boats[0].name}</p>
            ) : null}
            <button type="submit">Guardar</button>
          </Form>
        )}
      </Formik>,
    );
    // Formik starts from a deep copy of the initial values, made by es-toolkit's cloneDeep.
    expect(vi.mocked(cloneDeep)).toHaveBeenCalledWith(initialValues);

    const owner = screen.getByLabelText('Titular');
    const boat = screen.getByLabelText('Barco');
    expect(boat).toHaveValue('Mar');
    fireEvent.blur(owner);
    expect(await screen.findByText('Escribe el nombre del titular.')).toBeInTheDocument();

    await userEvent.clear(boat);
    fireEvent.blur(boat);
    expect(await screen.findByText('Escribe el nombre del barco.')).toBeInTheDocument();

    await userEvent.type(owner, 'Ana');
    await userEvent.type(boat, 'Sol');
    await waitFor(() => expect(screen.queryByText(/Escribe el nombre/)).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent.mock.calls[0]![0]).toEqual({ owner: { name: 'Ana' }, boats: [{ name: 'Sol' }] });
    // Setting a nested value copies the path to it: what the form was given is left as it was.
    expect(initialValues).toEqual({ owner: { name: '' }, boats: [{ name: 'Mar' }] });
  });
});
