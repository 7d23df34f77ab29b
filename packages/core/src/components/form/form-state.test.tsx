import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { boolean, object, string } from 'yup';
import { FormStateForm, useField, validateWithSchema, type FormValues } from './form-state.tsx';

const schema = object({
  name: string().required('Nombre: escríbelo.').min(3, 'Nombre: al menos 3 letras.'),
  email: string().email('Correo: no es válido.'),
  accept: boolean().oneOf([true], 'Acepta las condiciones.'),
});

function Input({ name }: { name: string }) {
  const [field, meta] = useField(name);
  return (
    <div>
      <label>
        {name}
        <input {...field} />
      </label>
      {meta.touched && meta.error ? <span>{meta.error}</span> : null}
    </div>
  );
}

function TestForm({ onSubmit }: { onSubmit: (values: FormValues) => Promise<void> }) {
  return (
    <FormStateForm
      initialValues={{ name: '', email: '' }}
      validate={(values) => validateWithSchema(values, schema.pick(['name', 'email']))}
      onSubmit={onSubmit}
    >
      {() => (
        <>
          <Input name="name" />
          <Input name="email" />
          <button type="submit">Enviar</button>
        </>
      )}
    </FormStateForm>
  );
}

describe('validateWithSchema', () => {
  it('reads an empty text as nothing typed, and gives the first problem of each field', async () => {
    expect(await validateWithSchema({ name: '', email: '', accept: false }, schema)).toEqual({
      name: 'Nombre: escríbelo.',
      accept: 'Acepta las condiciones.',
    });
    expect(await validateWithSchema({ name: 'Al', email: 'no', accept: true }, schema)).toEqual({
      name: 'Nombre: al menos 3 letras.',
      email: 'Correo: no es válido.',
    });
    expect(await validateWithSchema({ name: 'Ana', email: '', accept: true }, schema)).toEqual({});
  });

  it('does not take a broken rule for valid values', async () => {
    const broken = object({ name: string().test('boom', 'x', () => { throw new TypeError('bug'); }) });
    await expect(validateWithSchema({ name: 'Ana' }, broken)).rejects.toThrow('bug');
  });
});

describe('FormStateForm', () => {
  it('shows a problem once the field is left, and sends only valid values', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<TestForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('name'), 'Al');
    expect(screen.queryByText('Nombre: al menos 3 letras.')).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText('Nombre: al menos 3 letras.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('name'), 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ala', email: '' }, expect.anything()));
  });

  it('sends what the screen shows when the browser filled a field without telling (a password manager)', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<TestForm onSubmit={onSubmit} />);
    const name = screen.getByLabelText('name') as HTMLInputElement;
    // Setting the property raises no input event: React never hears of it.
    name.value = 'Rellenado';
    fireEvent.submit(name.form!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Rellenado', email: '' }, expect.anything()));
    expect(name).toHaveValue('Rellenado');
  });

  it('keeps what was typed into the page drawn at build time before the app took it over', async () => {
    const onSubmit = vi.fn(async () => {});
    const container = document.createElement('div');
    container.innerHTML = renderToString(<TestForm onSubmit={onSubmit} />);
    document.body.append(container);
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!;
    name.value = 'Ana';
    await act(async () => {
      hydrateRoot(container, <TestForm onSubmit={onSubmit} />);
    });
    // The person goes on to the next field once the app runs: leaving the first one re-renders it.
    await userEvent.click(container.querySelector<HTMLInputElement>('input[name="email"]')!);
    await userEvent.keyboard('ana@correo.es');
    expect(name).toHaveValue('Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana', email: 'ana@correo.es' }, expect.anything()));
    container.remove();
  });
});
