import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { onPhone } from '../../test/a11y';
import { TEST_ORGANIZATION } from '../../test/public';
import { renderScreen } from '../../test/render';
import { PublicHeader } from './public-header';

let desktop: (() => void) | undefined;
afterEach(() => desktop?.());

describe('PublicHeader', () => {
  it('names the brand link by what it shows first (WCAG 2.5.3), then where it goes', () => {
    renderScreen(<PublicHeader organization={TEST_ORGANIZATION} />);
    const brand = screen.getByRole('link', { name: 'Vigía MP, inicio' });
    expect(brand).toHaveAttribute('href', '/');
    // What a speech user reads on screen and says: the product and the monitor's short name.
    expect(within(brand).getByText('Vigía')).toBeInTheDocument();
    expect(within(brand).getByText('MP')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Vigía: / })).not.toBeInTheDocument();
  });

  it('names the brand link without a monitor too', () => {
    renderScreen(<PublicHeader withNavigation={false} />);
    expect(screen.getByRole('link', { name: 'Vigía, inicio' })).toHaveAttribute('href', '/');
  });

  it('says whether the phone menu is open, which navigation it controls, and names its close button', async () => {
    desktop = onPhone();
    const { user } = renderScreen(<PublicHeader organization={TEST_ORGANIZATION} />);
    const burger = screen.getByRole('button', { name: 'Menú' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    const controlled = burger.getAttribute('aria-controls');
    expect(controlled).toBeTruthy();

    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const drawer = await screen.findByRole('dialog');
    const menu = within(drawer).getByRole('navigation', { name: 'Navegación principal' });
    expect(menu).toHaveAttribute('id', controlled);
    expect(within(menu).getByRole('link', { name: 'Contratos' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Cerrar menú' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });
});
