import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { expectSkipLinkToMain } from '../../test/a11y';
import { fakeApi } from '../../test/api';
import { TEST_ORGANIZATION } from '../../test/public';
import { renderScreen } from '../../test/render';
import { PublicLayout, SelectionLayout } from './public-layout';

const organizations = () =>
  fakeApi({
    'GET /public-api/organizations/list': () => ({
      error: false,
      data: { docs: [TEST_ORGANIZATION], total: 1, page: 1, pages: 1 },
    }),
  });

describe('PublicLayout and SelectionLayout: the way past the header', () => {
  it('starts every public page with a skip link to its one <main>', async () => {
    organizations();
    const { user } = renderScreen(
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/contracts" element={<h1>Contratos</h1>} />
        </Route>
      </Routes>,
      { route: '/contracts' },
    );
    await screen.findByRole('link', { name: 'Vigía MP, inicio' });
    await expectSkipLinkToMain(user);
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Contratos' }));
  });

  it('starts the monitor selection with it too', async () => {
    const { user } = renderScreen(
      <Routes>
        <Route element={<SelectionLayout />}>
          <Route path="/select-organization" element={<h1>Selecciona un monitor</h1>} />
        </Route>
      </Routes>,
      { route: '/select-organization', monitor: null },
    );
    await expectSkipLinkToMain(user);
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Selecciona un monitor' }),
    );
  });
});
