import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { CERTIFICATE_MAX_BYTES, type Boat } from '../../domain/boats.ts';
import { addDays } from '../../domain/calendar.ts';
import { renderApp } from '../../test/fixtures.tsx';
import { boatsApi, pdfFile, readyBoat, today, uninsuredBoat } from './boats.fixtures.ts';

const boat = uninsuredBoat();
const path = `/misbarcos/${boat.id}`;

describe('a boat of misbarcos', () => {
  it('says it is loading, then shows everything, its blockers and the way to launch it', async () => {
    let answer: (value: Boat) => void = () => {};
    const { api, get } = boatsApi({ [`GET boats/${boat.id}`]: () => new Promise((resolve) => (answer = resolve)) });
    renderApp(path, { api });
    await waitFor(() => expect(get).toHaveBeenCalledWith(`boats/${boat.id}`));
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    answer(boat);
    expect(await screen.findByRole('heading', { level: 1, name: 'Albatros' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Resumen' });
    expect(summary).toHaveTextContent('Manga2,4 m');
    expect(summary).toHaveTextContent('Seguro caducado');
    // The fix leads here: no link to the screen already open.
    expect(within(summary).queryByRole('link', { name: 'Renovar el seguro' })).toBeNull();
    expect(within(summary).getByRole('link', { name: 'Pedir bajada' })).toHaveAttribute(
      'href',
      `/alta-pedido-bajada-barco?barco=${boat.id}`,
    );
    expect(screen.getByRole('region', { name: 'Seguro' })).toHaveTextContent('No hay certificado del seguro.');
    expect(screen.getByRole('region', { name: 'Datos del barco' })).toHaveTextContent('El puerto admite hasta 12 m');
  });

  it('leads the owner to the people authorised on the boat', async () => {
    renderApp(path, { api: boatsApi({ [`GET boats/${boat.id}`]: () => boat }).api });
    const section = await screen.findByRole('region', { name: 'Autorizados' });
    expect(within(section).getByRole('link', { name: 'Ver quién puede usarlo' })).toHaveAttribute(
      'href',
      `/autorizados?barco=${boat.id}`,
    );
  });

  it('a boat the person is only authorised on shows whose it is and the way to launch it, none of the owner’s business', async () => {
    const lent = readyBoat({
      role: 'authorised',
      authorisation: {
        id: 'x9',
        owner: { firstName: 'Luis', surnames: 'Pons' },
        validFrom: addDays(today, -10),
        validTo: null,
        state: 'active',
        suspensionReason: null,
        licence: { type: 'per', number: 'PER-9', expiresOn: addDays(today, 400) },
      },
    });
    renderApp(`/misbarcos/${lent.id}`, { api: boatsApi({ [`GET boats/${lent.id}`]: () => lent }).api });
    const summary = await screen.findByRole('region', { name: 'Resumen' });
    expect(summary).toHaveTextContent('Barco de Luis PonsAutorizado sin fecha de fin');
    expect(within(summary).getByRole('link', { name: 'Pedir bajada' })).toBeInTheDocument();
    for (const name of ['Contrato', 'Autorizados', 'Seguro', 'Datos del barco'])
      expect(screen.queryByRole('region', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Solicitar contrato' })).toBeNull();
  });

  it('a boat that is not the person’s says it was not found', async () => {
    renderApp('/misbarcos/33333333-3333-4333-8333-333333333333', { api: boatsApi({}).api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Barco no encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Mis barcos' })).toHaveAttribute('href', '/misbarcos');
  });

  it('shows the server’s field errors on their fields and keeps what was typed', async () => {
    const { api, send } = boatsApi({
      [`GET boats/${boat.id}`]: () => boat,
      [`PATCH boats/${boat.id}`]: () => {
        throw new ApiError('validation_failed', {
          status: 400,
          fieldErrors: [{ field: 'registration', code: 'invalid', message: 'Matrícula: revisa el formato.' }],
        });
      },
    });
    renderApp(path, { api });
    const data = await screen.findByRole('region', { name: 'Datos del barco' });
    const length = within(data).getByLabelText('Eslora (m)');
    await userEvent.clear(length);
    await userEvent.type(length, '7,25');
    await userEvent.click(within(data).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(within(data).getByLabelText('Matrícula')).toHaveAccessibleDescription(/Matrícula: revisa el formato\./),
    );
    expect(length).toHaveValue('7,25');
    expect(send).toHaveBeenCalledWith(
      'patch',
      `boats/${boat.id}`,
      expect.objectContaining({ lengthM: 7.25, registration: 'PM-1234-AB' }),
    );
  });

  it('refuses a longer boat than the marina admits before sending', async () => {
    const { api, send } = boatsApi({ [`GET boats/${boat.id}`]: () => boat });
    renderApp(path, { api });
    const data = await screen.findByRole('region', { name: 'Datos del barco' });
    const length = within(data).getByLabelText('Eslora (m)');
    await userEvent.clear(length);
    await userEvent.type(length, '12,5');
    await userEvent.click(within(data).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(length).toHaveAccessibleDescription(/El puerto admite como mucho 12 m\./));
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses in the browser a certificate that is not a PDF, JPEG or PNG by its content, or over 5 MB', async () => {
    const { api, send } = boatsApi({ [`GET boats/${boat.id}`]: () => boat });
    renderApp(path, { api });
    const insurance = await screen.findByRole('region', { name: 'Seguro' });
    const file = within(insurance).getByLabelText('Certificado del seguro');

    // Named .pdf and typed as one by the browser, but a text inside.
    await userEvent.upload(file, new File(['no soy un pdf'], 'seguro.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(file).toHaveAccessibleDescription(/Debe ser un PDF, JPEG o PNG\./));

    await userEvent.upload(file, pdfFile('grande.pdf', CERTIFICATE_MAX_BYTES + 1));
    await waitFor(() => expect(file).toHaveAccessibleDescription(/Como mucho 5 MB\./));

    const expiry = within(insurance).getByLabelText('Caducidad del seguro');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, addDays(today, 365));
    await userEvent.click(within(insurance).getByRole('button', { name: 'Guardar el seguro' }));
    await waitFor(() => expect(file).toHaveFocus());
    expect(send).not.toHaveBeenCalled();
  });

  it('renews the insurance: the policy, then the certificate typed by its content', async () => {
    const renewed: Boat = {
      ...boat,
      insurance: { insurer: 'Allianz', policyNumber: 'POL-3', expiresOn: addDays(today, 365), certificate: null },
    };
    const { api, send } = boatsApi({
      [`GET boats/${boat.id}`]: () => boat,
      [`PATCH boats/${boat.id}`]: () => renewed,
      [`PUT boats/${boat.id}/insurance-certificate`]: () => renewed,
    });
    renderApp(path, { api });
    const insurance = await screen.findByRole('region', { name: 'Seguro' });
    const policy = within(insurance).getByLabelText('Número de póliza');
    await userEvent.clear(policy);
    await userEvent.type(policy, 'POL-3');
    const expiry = within(insurance).getByLabelText('Caducidad del seguro');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, addDays(today, 365));
    // The browser does not know what it is (no type); its first bytes say PDF.
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        within(insurance).getByLabelText('Certificado del seguro'),
        new File([await pdfFile().arrayBuffer()], 'poliza.pdf', { type: '' }),
      );
    await userEvent.click(within(insurance).getByRole('button', { name: 'Guardar el seguro' }));

    expect(await within(insurance).findByText('Seguro guardado.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith('patch', `boats/${boat.id}`, {
      insurance: { insurer: 'Allianz', policyNumber: 'POL-3', expiresOn: addDays(today, 365) },
    });
    const upload = send.mock.calls.find(([method]) => method === 'put')!;
    expect(upload[1]).toBe(`boats/${boat.id}/insurance-certificate`);
    expect((upload[2] as Blob).type).toBe('application/pdf');
  });
});
