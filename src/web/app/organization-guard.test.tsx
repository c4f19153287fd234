import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { fakeApi } from '../test/api';
import { TEST_ORGANIZATION } from '../test/public';
import { renderScreen } from '../test/render';
import { RequireOrganization } from './organization-guard';

const UNAVAILABLE = 'La información de organizaciones no se encuentra disponible en este momento.';
const list = () => ({ error: false, data: { docs: [TEST_ORGANIZATION], total: 1, page: 1, pages: 1 } });
const guarded = (
  <Routes>
    <Route element={<RequireOrganization />}>
      <Route path="/" element={<p>Pantalla del monitor</p>} />
    </Route>
  </Routes>
);

describe('RequireOrganization', () => {
  it('keeps the screen when the list of monitors it has cannot be refreshed (offline, weak connection)', async () => {
    let reachable = true;
    fakeApi({
      'GET /public-api/organizations/list': () => {
        if (!reachable) throw new ApiError('sin red', 0, 'NETWORK');
        return list();
      },
    });
    const { queryClient } = renderScreen(guarded);
    expect(await screen.findByText('Pantalla del monitor')).toBeInTheDocument();
    reachable = false;
    await queryClient.refetchQueries({ queryKey: ['organizations'] });
    await waitFor(() => expect(queryClient.getQueryState(['organizations', 'public'])?.status).toBe('error'));
    expect(screen.getByText('Pantalla del monitor')).toBeInTheDocument();
    expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
  });

  it('says the list is unavailable, with a retry, when there is none to show', async () => {
    let reachable = false;
    fakeApi({
      'GET /public-api/organizations/list': () => {
        if (!reachable) throw new ApiError('sin red', 0, 'NETWORK');
        return list();
      },
    });
    const { user } = renderScreen(guarded);
    expect((await screen.findAllByText(UNAVAILABLE)).length).toBeGreaterThan(0);
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Pantalla del monitor')).toBeInTheDocument();
  });
});
