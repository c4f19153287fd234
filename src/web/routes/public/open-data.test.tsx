import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '../../../shared/routes';
import type { OpenDataFileInfo, OpenDataFiles } from '../../../shared/schemas/open-data';
import { PublicFooter } from '../../app/layouts/public-footer';
import { ListHeader } from '../../components/list-header';
import { apiError, fakeApi } from '../../test/api';
import { renderScreen, TEST_MONITOR } from '../../test/render';
import { OpenDataPage } from './open-data';

const DATE = '2026-11-20T18:30:00.000Z';

function files(owner: string, sizes: (number | null)[]): OpenDataFileInfo[] {
  const endings = ['releases.json', 'records.json', 'jsonl', 'csv', 'suppliers.csv', 'xlsx'] as const;
  return endings.map((file, index) => ({
    file,
    url: `/public-api/ocds/bulk/${owner}.${file}`,
    mediaType: file.endsWith('json') ? 'application/json' : 'text/csv',
    size: sizes[index] ?? null,
    date: DATE,
  }));
}

function answer(monitor: boolean, changes: Partial<OpenDataFiles> = {}) {
  const data: OpenDataFiles = {
    monitor: monitor
      ? {
          _id: TEST_MONITOR,
          name: 'Municipio de Prueba',
          contracts: 1234,
          files: files(TEST_MONITOR, [2_500_000, 3_100_000, null, 480_000, 12_000, 350_000]),
        }
      : null,
    installation: {
      contracts: 5678,
      files: files('all', [1_300_000_000, 2_000_000_000, 900, 5_000, null, 700]),
    },
    license: { url: 'https://creativecommons.org/licenses/by/4.0/', name: 'CC BY 4.0' },
    ocidPrefix: 'ocds-vigia0',
    api: { releases: '/public-api/ocds/releases', docs: '/api/docs' },
    ...changes,
  };
  return { error: false, message: '', data };
}

/** The page as the router shows it: at /open-data, with or without a chosen monitor. */
function renderOpenData(monitor: string | null, respond: () => unknown) {
  const api = fakeApi({ 'GET /public-api/ocds/files': respond });
  const rendered = renderScreen(
    <Routes>
      <Route path={WEB_ROUTES.openData} element={<OpenDataPage />} />
    </Routes>,
    { route: '/open-data', monitor },
  );
  return { ...rendered, api };
}

const fileRow = (section: HTMLElement, name: string) =>
  within(section)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name))!;

describe('the open data page (/open-data)', () => {
  it("lists the chosen monitor's files and the whole installation's, with sizes, dates and links", async () => {
    const { api } = renderOpenData(TEST_MONITOR, () => answer(true));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Datos abiertos');
    const monitor = await screen.findByRole('region', { name: 'Municipio de Prueba' });
    expect(api.last('GET /public-api/ocds/files')?.query.get('organization')).toBe(TEST_MONITOR);
    expect(monitor).toHaveTextContent('1,234 contratos');
    expect(within(monitor).getAllByRole('listitem')).toHaveLength(6);

    const releases = fileRow(monitor, 'Paquete de entregas OCDS (JSON)');
    expect(releases).toHaveTextContent('2.4 MB');
    expect(releases).toHaveTextContent('Datos actualizados el 20/11/2026');
    const link = within(releases).getByRole('link', { name: 'Descargar Paquete de entregas OCDS (JSON)' });
    expect(link).toHaveAttribute('href', `/public-api/ocds/bulk/${TEST_MONITOR}.releases.json`);
    expect(link).toHaveAttribute('download');

    // A file still being built is offered all the same.
    const lines = fileRow(monitor, 'Entregas compiladas, una por línea (JSON Lines)');
    expect(lines).toHaveTextContent('Se prepara al descargar');
    expect(within(lines).getByRole('link', { name: /^Descargar/ })).toHaveAttribute(
      'href',
      `/public-api/ocds/bulk/${TEST_MONITOR}.jsonl`,
    );
    for (const name of [
      'Paquete de registros OCDS (JSON)',
      'Contratos (CSV, una fila por contrato)',
      'Proveedores (CSV)',
      'Contratos (Excel)',
    ])
      expect(
        within(fileRow(monitor, name)).getByRole('link', { name: `Descargar ${name}` }),
      ).toBeInTheDocument();
    expect(fileRow(monitor, 'Proveedores (CSV)')).toHaveTextContent('12 KB');

    const installation = screen.getByRole('region', { name: 'Toda la instalación' });
    expect(installation).toHaveTextContent('5,678 contratos');
    expect(fileRow(installation, 'Paquete de entregas OCDS (JSON)')).toHaveTextContent('1.2 GB');
    expect(fileRow(installation, 'Proveedores (CSV)')).toHaveTextContent('Se prepara al descargar');
    expect(
      within(installation).getByRole('link', { name: 'Descargar Contratos (CSV, una fila por contrato)' }),
    ).toHaveAttribute('href', '/public-api/ocds/bulk/all.csv');

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Municipio de Prueba',
      'Toda la instalación',
      'Para programadores',
    ]);
  });

  it('says under which licence, how often the files change, where the empty periods are and the ocid', async () => {
    renderOpenData(TEST_MONITOR, () => answer(true));
    expect(await screen.findByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
    expect(screen.getByText(/Estándar de Datos de Contrataciones Abiertas \(OCDS/)).toBeInTheDocument();
    expect(screen.getByText(/cada vez que cambian los datos del monitor/)).toBeInTheDocument();
    expect(
      screen.getByText(/no se llevaron a cabo procedimientos solo están en los archivos CSV y Excel/),
    ).toBeInTheDocument();
    expect(screen.getByText(/empieza con «ocds-vigia0-»/)).toBeInTheDocument();
  });

  it('tells programmers the OCDS API and links to its documentation', async () => {
    renderOpenData(TEST_MONITOR, () => answer(true));
    const section = await screen.findByRole('region', { name: 'Para programadores' });
    expect(section).toHaveTextContent(
      `GET /public-api/ocds/releases?organization=${TEST_MONITOR}&since=2026-01-01`,
    );
    expect(section).toHaveTextContent('links.next');
    expect(section).toHaveTextContent('GET /public-api/ocds/records/{ocid}');
    expect(within(section).getByRole('link', { name: 'Documentación completa de la API' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });

  it("without a chosen monitor, shows only the installation's files", async () => {
    const { api } = renderOpenData(null, () => answer(false));
    const installation = await screen.findByRole('region', { name: 'Toda la instalación' });
    expect(api.last('GET /public-api/ocds/files')?.query.has('organization')).toBe(false);
    expect(within(installation).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Toda la instalación',
      'Para programadores',
    ]);
    expect(screen.getByRole('region', { name: 'Para programadores' })).toHaveTextContent(
      'GET /public-api/ocds/releases?since=2026-01-01',
    );
  });

  it('offers no files of a monitor without contracts', async () => {
    renderOpenData(TEST_MONITOR, () =>
      answer(true, {
        monitor: {
          _id: TEST_MONITOR,
          name: 'Municipio de Prueba',
          contracts: 0,
          files: files(TEST_MONITOR, []),
        },
      }),
    );
    const monitor = await screen.findByRole('region', { name: 'Municipio de Prueba' });
    expect(monitor).toHaveTextContent('Todavía no hay contratos publicados para descargar.');
    expect(within(monitor).queryAllByRole('link')).toEqual([]);
    expect(
      within(screen.getByRole('region', { name: 'Toda la instalación' })).getAllByRole('link'),
    ).toHaveLength(6);
  });

  it('shows the load error with a retry when the files cannot be listed', async () => {
    let fail = true;
    const { user, api } = renderOpenData(TEST_MONITOR, () => {
      if (fail) throw apiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
      return answer(true);
    });
    const error = await screen.findByTestId('load-error');
    expect(error).toHaveTextContent(
      'La información de datos abiertos no se encuentra disponible en este momento.',
    );
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Municipio de Prueba' })).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET /public-api/ocds/files')).toHaveLength(2));
  });
});

describe('links to the open data', () => {
  it("are in the footer's 'Navegación' column", () => {
    renderScreen(<PublicFooter />);
    const column = screen.getByRole('navigation', { name: 'Navegación' });
    expect(within(column).getByRole('link', { name: 'Datos abiertos' })).toHaveAttribute(
      'href',
      '/open-data',
    );
  });

  it('are beside the downloads of a list when the screen gives one (the contracts)', () => {
    renderScreen(
      <ListHeader
        links={[]}
        title="Contratos"
        organizationId={TEST_MONITOR}
        downloadUrl={() => '/x'}
        more={{ to: WEB_ROUTES.openData, label: 'Datos abiertos (OCDS, CSV)' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Datos abiertos (OCDS, CSV)' })).toHaveAttribute(
      'href',
      '/open-data',
    );
  });
});
