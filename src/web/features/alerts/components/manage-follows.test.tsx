import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, type FollowView } from '../../../../shared/schemas/alerts';
import { apiError, fakeApi } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { ConfirmFollow } from './confirm-follow';
import { ManageFollows } from './manage-follows';
import { Unsubscribe } from './unsubscribe';

const TOKEN = 'sub-1.abcdef';
const MONITOR = { _id: '01900000-0000-7000-8000-000000000001', name: 'Municipio de Prueba' };
const base = {
  organization: MONITOR,
  filters: null,
  filtersText: null,
  code: null,
  codeName: null,
  threshold: null,
  frequency: 'IMMEDIATE',
  confirmed: true,
  createdAt: '2026-11-01T00:00:00.000Z',
} as const;
const CONTRACTS: FollowView = {
  ...base,
  _id: 'f-1',
  kind: 'CONTRACTS',
  filters: { suppliers: ['x'] } as unknown as FollowView['filters'],
  filtersText: 'Proveedor: ACME',
};
const INDEX: FollowView = {
  ...base,
  _id: 'f-2',
  kind: 'INDEX',
  threshold: 5,
  frequency: 'WEEKLY',
  confirmed: false,
};
const manage =
  (follows: FollowView[], suspended = false) =>
  () => ({
    error: false,
    message: '',
    data: { email: 'ana@example.org', suspended, follows },
  });
const MANAGE = `GET /public-api/alerts/manage/${TOKEN}`;

describe('ManageFollows', () => {
  it('lists the address and each follow with its monitor, what and frequency', async () => {
    fakeApi({ [MANAGE]: manage([CONTRACTS, INDEX]) });
    renderScreen(<ManageFollows token={TOKEN} />);
    expect(await screen.findByText('ana@example.org')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Contratos nuevos: Proveedor: ACME')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Municipio de Prueba')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('combobox', { name: 'Frecuencia' })).toHaveValue(
      'Después de cada actualización',
    );
    expect(within(cards[1]!).getByText('El índice cambia más de 5 puntos')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Sin confirmar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar mis datos' })).toHaveAttribute(
      'href',
      `/public-api/alerts/manage/${TOKEN}/export`,
    );
    expect(screen.queryByText('Dirección suspendida')).not.toBeInTheDocument();
  });

  it('says when the address is suspended', async () => {
    fakeApi({ [MANAGE]: manage([CONTRACTS], true) });
    renderScreen(<ManageFollows token={TOKEN} />);
    expect(await screen.findByText('Dirección suspendida')).toBeInTheDocument();
  });

  it("changes a follow's frequency and an index follow's points", async () => {
    const api = fakeApi({
      [MANAGE]: manage([CONTRACTS, INDEX]),
      'PATCH /public-api/alerts/manage/sub-1.abcdef/follows/f-1': () => ({
        error: false,
        message: ALERT_MESSAGES.updated,
        data: { follow: { ...CONTRACTS, frequency: 'WEEKLY' } },
      }),
      'PATCH /public-api/alerts/manage/sub-1.abcdef/follows/f-2': (call) => ({
        error: false,
        message: ALERT_MESSAGES.updated,
        data: { follow: { ...INDEX, ...(call.body as object) } },
      }),
    });
    const { user } = renderScreen(<ManageFollows token={TOKEN} />);
    const cards = await screen.findAllByRole('article');
    await user.click(within(cards[0]!).getByRole('combobox', { name: 'Frecuencia' }));
    await user.click(await screen.findByRole('option', { name: 'Resumen semanal' }));
    await waitFor(() =>
      expect(api.last('PATCH /public-api/alerts/manage/sub-1.abcdef/follows/f-1')?.body).toEqual({
        frequency: 'WEEKLY',
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getAllByRole('article')[0]!).getByRole('combobox', { name: 'Frecuencia' }),
      ).toHaveValue('Resumen semanal'),
    );

    const points = within(cards[1]!).getByRole('textbox', { name: 'Puntos que debe cambiar el índice' });
    await user.clear(points);
    await user.type(points, '10');
    await user.click(within(cards[1]!).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(api.last('PATCH /public-api/alerts/manage/sub-1.abcdef/follows/f-2')?.body).toEqual({
        threshold: 10,
      }),
    );
    expect(await screen.findByText('El índice cambia más de 10 puntos')).toBeInTheDocument();
  });

  it('ends one follow, and says the link stopped working when it was the last', async () => {
    const api = fakeApi({
      [MANAGE]: manage([CONTRACTS, INDEX]),
      'DELETE /public-api/alerts/manage/sub-1.abcdef/follows/f-1': () => ({
        error: false,
        message: ALERT_MESSAGES.followDeleted,
        data: { addressDeleted: false },
      }),
      'DELETE /public-api/alerts/manage/sub-1.abcdef/follows/f-2': () => ({
        error: false,
        message: ALERT_MESSAGES.followDeleted,
        data: { addressDeleted: true },
      }),
    });
    const { user } = renderScreen(<ManageFollows token={TOKEN} />);
    const cards = await screen.findAllByRole('article');
    await user.click(within(cards[0]!).getByRole('button', { name: 'Dejar de seguir' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(api.to('DELETE /public-api/alerts/manage/sub-1.abcdef/follows/f-1')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Dejar de seguir' }));
    expect(await screen.findByText(/Ya no sigues nada/)).toBeInTheDocument();
  });

  it('erases everything only after the confirmation dialog', async () => {
    const api = fakeApi({
      [MANAGE]: manage([CONTRACTS]),
      [`DELETE /public-api/alerts/manage/${TOKEN}`]: () => ({
        error: false,
        message: ALERT_MESSAGES.erased,
        data: { done: true },
      }),
    });
    const { user } = renderScreen(<ManageFollows token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Borrar todo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Borrar todo' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to(`DELETE /public-api/alerts/manage/${TOKEN}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Borrar todo' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Borrar todo' })).getByRole('button', {
        name: 'Sí, borrar todo',
      }),
    );
    expect(await screen.findByText(ALERT_MESSAGES.erased)).toBeInTheDocument();
    expect(api.to(`DELETE /public-api/alerts/manage/${TOKEN}`)).toHaveLength(1);
  });

  it('asks for a new link: the old one stops working', async () => {
    const api = fakeApi({
      [MANAGE]: manage([CONTRACTS]),
      [`POST /public-api/alerts/manage/${TOKEN}/new-link`]: () => ({
        error: false,
        message: ALERT_MESSAGES.newLinkSent,
        data: { done: true },
      }),
    });
    const { user } = renderScreen(<ManageFollows token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Enviarme un enlace nuevo' }));
    expect(await screen.findByText(ALERT_MESSAGES.newLinkSent)).toBeInTheDocument();
    expect(api.to(`POST /public-api/alerts/manage/${TOKEN}/new-link`)).toHaveLength(1);
  });

  it("shows the server's message for a link that is not valid", async () => {
    fakeApi({
      [MANAGE]: () => {
        throw apiError(404, 'NOT_FOUND', ALERT_MESSAGES.invalidLink);
      },
    });
    renderScreen(<ManageFollows token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.invalidLink);
  });
});

describe('ConfirmFollow', () => {
  const CONFIRM = `/public-api/alerts/confirm/${TOKEN}`;

  it('shows what will be followed and confirms only on the button, then links to the management page', async () => {
    const api = fakeApi({
      [`GET ${CONFIRM}`]: () => ({ error: false, message: '', data: { confirmed: false, follow: INDEX } }),
      [`POST ${CONFIRM}`]: () => ({
        error: false,
        message: ALERT_MESSAGES.confirmed,
        data: { manageToken: 'manage.xyz' },
      }),
    });
    const { user } = renderScreen(<ConfirmFollow token={TOKEN} />);
    expect(await screen.findByText('El índice cambia más de 5 puntos')).toBeInTheDocument();
    expect(screen.getByText('Frecuencia: Resumen semanal')).toBeInTheDocument();
    expect(api.to(`POST ${CONFIRM}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('heading', { name: ALERT_MESSAGES.confirmed })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver y cambiar todo lo que sigues' })).toHaveAttribute(
      'href',
      '/alerts/manage.xyz',
    );
  });

  it('says when the follow was already confirmed, and when the link is not valid', async () => {
    fakeApi({
      [`GET ${CONFIRM}`]: () => ({ error: false, message: '', data: { confirmed: true, follow: CONTRACTS } }),
    });
    renderScreen(<ConfirmFollow token={TOKEN} />);
    expect(await screen.findByText(ALERT_MESSAGES.alreadyConfirmed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument();
  });

  it("shows the server's message for an unknown link", async () => {
    fakeApi({
      [`GET ${CONFIRM}`]: () => {
        throw apiError(404, 'NOT_FOUND', ALERT_MESSAGES.invalidLink);
      },
    });
    renderScreen(<ConfirmFollow token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.invalidLink);
  });
});

describe('Unsubscribe', () => {
  it('ends every follow on the button only', async () => {
    const api = fakeApi({
      [`POST /public-api/alerts/unsubscribe/${TOKEN}`]: () => ({
        error: false,
        message: ALERT_MESSAGES.unsubscribed,
        data: { done: true },
      }),
    });
    const { user } = renderScreen(<Unsubscribe token={TOKEN} />);
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Dejar de recibir avisos' }));
    expect(await screen.findByRole('heading', { name: 'Ya no recibirás avisos' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });
});
