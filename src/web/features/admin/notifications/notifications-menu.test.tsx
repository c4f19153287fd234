import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationsResponse } from '../../../../shared/schemas/admin';
import { fakeApi } from '../../../test/api';
import { renderScreen, TEST_MONITOR } from '../../../test/render';
import { NotificationsMenu } from './notifications-menu';

const notification = (id: string, message: string, unread: boolean): Notification => ({
  _id: id,
  message,
  status: 'INFO',
  createdAt: '2026-11-02T15:00:00.000Z',
  createdBy: 'Carmen Carga Ruiz',
  unread,
});

const answer = (unread: boolean): NotificationsResponse => ({
  error: false,
  message: '',
  data: {
    newNotifications: unread,
    notifications: [
      notification('n1', 'Carmen Carga Ruiz confirmó la carga del archivo «enero.xlsx»', unread),
      notification('n2', 'Carmen Carga Ruiz subió el archivo «enero.xlsx»', unread),
    ],
  },
});

beforeEach(() => {
  // The live stream: refused, as for a session the server no longer knows (no reconnection).
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 403 }));
});

describe('NotificationsMenu: the bell says what it hides and whether it is open', () => {
  it('puts the menu state on the button itself, named with the count of new notifications', async () => {
    const api = fakeApi({
      'GET /api/admin/notifications': () => answer(true),
      'GET /api/admin/read-notifications': () => answer(false),
    });
    const { user } = renderScreen(
      <NotificationsMenu organizationId={TEST_MONITOR} token="token-de-prueba" />,
    );
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 2 nuevas' });
    expect(bell).toHaveAttribute('aria-haspopup', 'menu');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    // Only the button: not the dot's wrapper around it.
    expect(document.querySelectorAll('[aria-haspopup], [aria-expanded]')).toHaveLength(1);

    await user.click(bell);
    const menu = await screen.findByRole('menu');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(bell).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByText(/confirmó la carga del archivo «enero.xlsx»/)).toBeInTheDocument();
    // Opening marks them read: the name no longer counts new ones.
    expect(await screen.findByRole('button', { name: 'Notificaciones' })).toBe(bell);
    expect(api.to('GET /api/admin/read-notifications')).toHaveLength(1);
  });
});
