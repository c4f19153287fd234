import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '../../../shared/routes';
import { PublicFooter } from '../../app/layouts/public-footer';
import { fakeApi } from '../../test/api';
import { renderScreen } from '../../test/render';
import { AccessibilityPage } from './accessibility';

const about = (email: string) => ({
  error: false,
  data: {
    association: { name: 'Asociación de Prueba', address: 'Calle 1', email, website: '' },
    about: '',
    mission: '',
    vision: '',
    values: '',
    directiveCouncil: [],
    consultiveCouncil: [],
  },
});

/** The page as the router shows it: at /accessibility, with no monitor chosen (like /privacy). */
function renderStatement(email = 'accesibilidad@example.org') {
  fakeApi({ 'GET /public-api/about': () => about(email) });
  return renderScreen(
    <Routes>
      <Route path={WEB_ROUTES.accessibility} element={<AccessibilityPage />} />
      <Route path={WEB_ROUTES.contact} element={<p>Formulario de contacto</p>} />
    </Routes>,
    { route: '/accessibility', monitor: null },
  );
}

describe('the accessibility statement (/accessibility)', () => {
  it('has one h1 and its sections as h2, in order', () => {
    renderStatement();
    const [title, ...others] = screen.getAllByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Declaración de accesibilidad');
    expect(others).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Estado de cumplimiento',
      'Cómo lo comprobamos',
      'Qué funciona',
      'Excepciones conocidas',
      'Cómo reportar una barrera',
      'Fecha de esta declaración',
    ]);
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
  });

  it('states the WCAG 2.2 AA target, the partial conformance and the date', () => {
    renderStatement();
    const status = screen.getByRole('region', { name: 'Estado de cumplimiento' });
    expect(status).toHaveTextContent(
      'cumplir las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2, nivel AA',
    );
    expect(status).toHaveTextContent('parcialmente conforme con las WCAG 2.2 nivel AA');
    expect(screen.getByRole('region', { name: 'Fecha de esta declaración' })).toHaveTextContent(
      'Preparamos esta declaración el 26 de noviembre de 2026.',
    );
  });

  it("links to the W3C's WCAG 2.2, saying it opens the W3C site", () => {
    renderStatement();
    const link = screen.getByRole('link', { name: /WCAG 2\.2 en el sitio del W3C/ });
    expect(link).toHaveAttribute('href', 'https://www.w3.org/TR/WCAG22/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(link).toHaveAccessibleName(/se abre en una pestaña nueva/);
  });

  it('lists the known exceptions', () => {
    renderStatement();
    const items = within(screen.getByRole('region', { name: 'Excepciones conocidas' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Documentos de los gobiernos.',
      'Reportes en PDF.',
      'Gráficas.',
    ]);
  });

  it('tells how to report a barrier: the contact form, the answer time and the e-mail', async () => {
    const { user } = renderStatement();
    const report = screen.getByRole('region', { name: 'Cómo reportar una barrera' });
    expect(report).toHaveTextContent('en un plazo máximo de 10 días hábiles');
    expect(report).toHaveTextContent('en otro formato');
    expect(await within(report).findByRole('link', { name: 'accesibilidad@example.org' })).toHaveAttribute(
      'href',
      'mailto:accesibilidad@example.org',
    );
    const contact = within(report).getByRole('link', { name: 'Ir al formulario de contacto' });
    expect(contact).toHaveAttribute('href', '/contact');
    await user.click(contact);
    expect(await screen.findByText('Formulario de contacto')).toBeInTheDocument();
  });

  it('leaves the e-mail out while the association has none', async () => {
    const { queryClient } = renderStatement('Por definir...');
    await waitFor(() => expect(queryClient.getQueryState(['about'])?.status).toBe('success'));
    const report = screen.getByRole('region', { name: 'Cómo reportar una barrera' });
    expect(within(report).queryByText(/correo electrónico de la asociación/)).not.toBeInTheDocument();
  });
});

describe('the footer', () => {
  it("links to the statement in its 'Información' column", () => {
    renderScreen(<PublicFooter />);
    const column = screen.getByRole('navigation', { name: 'Información' });
    expect(within(column).getByRole('link', { name: 'Accesibilidad' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
  });
});
