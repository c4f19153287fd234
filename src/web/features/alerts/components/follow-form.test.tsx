import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES, followPendingMessage } from '../../../../shared/schemas/alerts';
import { apiError, fakeApi } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import type { FollowChoice } from '../choices';
import { FollowButton } from './follow-button';
import { FollowForm } from './follow-form';

// The real widget solves a proof of work in a web component; here a button 'solves' it.
vi.mock('../../../components/captcha-field', () => ({
  CaptchaField: ({ onChange }: { onChange(payload: string | null): void }) => (
    <button type="button" onClick={() => onChange('solved-captcha')}>
      No soy un robot
    </button>
  ),
}));

const SUPPLIER = '01900000-0000-7000-8000-0000000000aa';
const HOME: FollowChoice[] = [
  { kind: 'CONTRACTS', label: 'Contratos nuevos del monitor', filters: {} },
  { kind: 'INDEX', label: 'El índice cambia más de cierto número de puntos' },
  { kind: 'PUBLICATION', label: 'El monitor no publica su trimestre a tiempo' },
];
const pending = () => ({
  error: false,
  message: followPendingMessage('ana@example.org'),
  data: { pending: true },
});

async function fillAndSend(user: ReturnType<typeof renderScreen>['user'], email = 'Ana@Example.org') {
  await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), email);
  await user.click(screen.getByRole('button', { name: 'No soy un robot' }));
  await user.click(screen.getByRole('button', { name: 'Seguir' }));
}

describe('FollowForm', () => {
  it("follows a supplier's new contracts with its filters, then says to check the mail", async () => {
    const api = fakeApi({ 'POST /public-api/alerts/follow': pending });
    const { user } = renderScreen(
      <FollowForm
        choices={[
          {
            kind: 'CONTRACTS',
            label: 'Contratos nuevos de este proveedor',
            filters: { suppliers: [SUPPLIER] },
          },
        ]}
      />,
    );
    await fillAndSend(user);
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeInTheDocument();
    expect(screen.getByText(/Te enviamos un correo a Ana@Example.org/)).toBeInTheDocument();
    expect(api.last('POST /public-api/alerts/follow')?.body).toEqual({
      email: 'Ana@Example.org',
      kind: 'CONTRACTS',
      filters: { suppliers: [SUPPLIER] },
      frequency: 'IMMEDIATE',
      altcha: 'solved-captcha',
    });
  });

  it('sends the index with its points and the publication with nothing more, weekly when asked', async () => {
    const api = fakeApi({ 'POST /public-api/alerts/follow': pending });
    const { user } = renderScreen(<FollowForm choices={HOME} />);
    await user.click(screen.getByRole('radio', { name: 'El índice cambia más de cierto número de puntos' }));
    const points = screen.getByRole('textbox', { name: 'Puntos que debe cambiar el índice' });
    expect(points).toHaveValue('5');
    await user.clear(points);
    await user.type(points, '7.5');
    await user.click(screen.getByRole('radio', { name: 'Resumen semanal' }));
    await fillAndSend(user, 'ana@example.org');
    await screen.findByRole('heading', { name: 'Revisa tu correo' });
    expect(api.last('POST /public-api/alerts/follow')?.body).toEqual({
      email: 'ana@example.org',
      kind: 'INDEX',
      threshold: 7.5,
      frequency: 'WEEKLY',
      altcha: 'solved-captcha',
    });
  });

  it('sends the publication follow with no target', async () => {
    const api = fakeApi({ 'POST /public-api/alerts/follow': pending });
    const { user } = renderScreen(<FollowForm choices={HOME} />);
    await user.click(screen.getByRole('radio', { name: 'El monitor no publica su trimestre a tiempo' }));
    await fillAndSend(user, 'ana@example.org');
    await screen.findByRole('heading', { name: 'Revisa tu correo' });
    expect(api.last('POST /public-api/alerts/follow')?.body).toEqual({
      email: 'ana@example.org',
      kind: 'PUBLICATION',
      frequency: 'IMMEDIATE',
      altcha: 'solved-captcha',
    });
  });

  it("sends a red flag's code, any flag unless another is chosen", async () => {
    const api = fakeApi({ 'POST /public-api/alerts/follow': pending });
    const { user } = renderScreen(
      <FollowForm choices={[{ kind: 'FLAG', label: 'Contratos nuevos con la señal…', code: 'ANY' }]} />,
    );
    const select = screen.getByRole('combobox', { name: 'Señal de alerta' });
    expect(select).toHaveValue('Cualquier señal de alerta');
    await fillAndSend(user, 'ana@example.org');
    await screen.findByRole('heading', { name: 'Revisa tu correo' });
    expect(api.last('POST /public-api/alerts/follow')?.body).toMatchObject({ kind: 'FLAG', code: 'ANY' });
  });

  it('sends the red flag chosen in the select', async () => {
    const api = fakeApi({ 'POST /public-api/alerts/follow': pending });
    const { user } = renderScreen(
      <FollowForm choices={[{ kind: 'FLAG', label: 'Contratos nuevos con la señal…', code: 'ANY' }]} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Señal de alerta' }));
    await user.click(await screen.findByRole('option', { name: 'Un solo participante' }));
    await fillAndSend(user, 'ana@example.org');
    await screen.findByRole('heading', { name: 'Revisa tu correo' });
    expect(api.last('POST /public-api/alerts/follow')?.body).toMatchObject({
      kind: 'FLAG',
      code: 'SINGLE_BIDDER',
    });
  });

  it('checks the address and the captcha before sending', async () => {
    const api = fakeApi({ 'POST /public-api/alerts/follow': pending });
    const { user } = renderScreen(<FollowForm choices={HOME} />);
    await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'no-es-correo');
    await user.click(screen.getByRole('button', { name: 'Seguir' }));
    expect(await screen.findByText(ALERT_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT_MESSAGES.captchaRequired);
    expect(screen.getByRole('textbox', { name: /Correo electrónico/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's refusals in the form: a field's under it, the rest announced", async () => {
    let answer = 0;
    fakeApi({
      'POST /public-api/alerts/follow': () => {
        answer += 1;
        if (answer === 1) {
          throw apiError(400, 'VALIDATION', 'La solicitud contiene datos no válidos.', [
            { path: 'body.email', message: ALERT_MESSAGES.emailInvalid },
          ]);
        }
        throw apiError(429, 'RATE_LIMITED', ALERT_MESSAGES.tooManyMails);
      },
    });
    const { user } = renderScreen(<FollowForm choices={HOME} />);
    await fillAndSend(user, 'ana@example.org');
    expect(await screen.findByText(ALERT_MESSAGES.emailInvalid)).toBeInTheDocument();
    // The captcha starts over after a refusal.
    await user.click(screen.getByRole('button', { name: 'No soy un robot' }));
    await user.click(screen.getByRole('button', { name: 'Seguir' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.tooManyMails);
  });

  it('asks an address that unsubscribed recently, and sends again with `again` when it says yes', async () => {
    const api = fakeApi({
      'POST /public-api/alerts/follow': (call) => {
        if (!(call.body as { again?: boolean }).again) {
          throw apiError(409, 'CONFLICT', ALERT_MESSAGES.recentlyUnsubscribed);
        }
        return pending();
      },
    });
    const { user } = renderScreen(<FollowForm choices={HOME} />);
    await fillAndSend(user, 'ana@example.org');
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.recentlyUnsubscribed);
    await user.click(screen.getByRole('button', { name: 'Sí, volver a recibir avisos' }));
    await screen.findByRole('heading', { name: 'Revisa tu correo' });
    const calls = api.to('POST /public-api/alerts/follow');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ ...(calls[0]?.body as object), again: true });
  });

  it('tells the other 409 (20 follows) apart: no question, the message', async () => {
    fakeApi({
      'POST /public-api/alerts/follow': () => {
        throw apiError(409, 'CONFLICT', ALERT_MESSAGES.tooManyFollows);
      },
    });
    const { user } = renderScreen(<FollowForm choices={HOME} />);
    await fillAndSend(user, 'ana@example.org');
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.tooManyFollows);
    expect(screen.queryByRole('button', { name: 'Sí, volver a recibir avisos' })).not.toBeInTheDocument();
  });
});

describe('FollowButton', () => {
  it('opens the form in a dialog, with the feed beside it', async () => {
    fakeApi({});
    const { user } = renderScreen(<FollowButton choices={HOME} feedUrl="/feeds/x.atom" />);
    expect(screen.getByRole('link', { name: 'Feed Atom' })).toHaveAttribute('href', '/feeds/x.atom');
    await user.click(screen.getByRole('button', { name: 'Seguir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recibir avisos por correo' });
    expect(dialog).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Contratos nuevos del monitor' })).toBeChecked();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
