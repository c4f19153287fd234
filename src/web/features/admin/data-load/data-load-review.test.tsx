import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DATA_LOAD_MESSAGES, type DataLoadRowDoc } from '../../../../shared/schemas/data-load';
import { fakeApi } from '../../../test/api';
import { findToast, renderScreen } from '../../../test/render';
import { DataLoadReview } from './data-load-review';

const MONITOR = '01900000-0000-7000-8000-000000000001';

const info = (errorsCount: number, status: 'CURRENT' | 'UPLOADING' = 'CURRENT') => ({
  error: false,
  message: '',
  data: {
    current: {
      _id: '01900000-0000-7000-8000-0000000000d1',
      status,
      fileName: 'contratos.xlsx',
      uploadedBy: 'Lucía Carga',
      createdAt: '2026-11-25T10:00:00.000Z',
      rowsProcessed: 30,
      rowsTotal: 30,
      summary: {
        newContractsCount: 27,
        newSuppliersCount: 3,
        newAdministrativeUnitsCount: 1,
        skippedContractsCount: 1,
        skippedSuppliersCount: 2,
        skippedAdministrativeUnitsCount: 0,
        errorsCount,
      },
      messages: ['Se ignoraron las columnas: Observaciones.'],
    },
    recent: null,
    failed: null,
  },
});

const LONG = 'Servicio integral de mantenimiento preventivo y correctivo';
const row = (rowIndex: number, status: DataLoadRowDoc['status']): DataLoadRowDoc => ({
  rowIndex,
  status,
  hasErrors: status === 'ERROR',
  hasInfos: false,
  skipRow: status === 'SKIPPED',
  willCreateDoc: status === 'NO_ISSUES',
  reason: null,
  fileName: null,
  data: {
    servicesDescription: { value: LONG, errors: [], infos: [], shouldCreateDoc: false },
    contractDate: {
      value: status === 'ERROR' ? '31/02/2019' : '15/03/2019',
      errors: status === 'ERROR' ? ['La fecha no tiene un formato válido (dd/mm/aaaa)'] : [],
      infos: [],
      shouldCreateDoc: false,
    },
    supplierName: { value: 'Limpieza Total', errors: [], infos: [], shouldCreateDoc: status === 'NO_ISSUES' },
  },
});

const page = (docs: DataLoadRowDoc[], pageNumber = 1) => ({
  error: false,
  message: '',
  data: { docs, total: 30, page: pageNumber, pages: 3 },
});

describe('DataLoadReview', () => {
  it('shows the summary, the error banner, marked cells, and asks before ignoring the errors', async () => {
    const api = fakeApi({
      'GET /api/data-load/current-info': () => info(2),
      'GET /api/data-load/current': (call) =>
        page([row(3, 'NO_ISSUES'), row(4, 'SKIPPED'), row(5, 'ERROR')], Number(call.query.get('page'))),
    });
    const { user } = renderScreen(<DataLoadReview organizationId={MONITOR} />);
    const summary = await screen.findByTestId('load-summary');
    expect(within(summary).getByText('27')).toBeInTheDocument();
    expect(screen.getByText(DATA_LOAD_MESSAGES.errorsBanner)).toBeInTheDocument();
    expect(screen.getByText('Se ignoraron las columnas: Observaciones.')).toBeInTheDocument();

    // A value longer than 30 characters is cut; the error cell is marked; a new supplier says so.
    expect(await screen.findAllByText(`${LONG.slice(0, 27)}...`)).toHaveLength(3);
    const bad = document.querySelector('tr[data-row="5"] td[data-kind="error"]');
    expect(bad?.textContent).toContain('31/02/2019');
    expect(document.querySelector('tr[data-row="3"]')?.textContent).toContain('(nuevo)');
    expect(document.querySelector('tr[data-row="4"]')?.textContent).not.toContain('(nuevo)');

    // On page 2, changing a filter goes back to page 1.
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(api.last('GET /api/data-load/current')?.query.get('page')).toBe('2');
    await user.click(screen.getByLabelText('Sin problemas'));
    const filtered = api.last('GET /api/data-load/current')!.query;
    expect(filtered.get('page')).toBe('1');
    expect(filtered.get('showNoIssues')).toBe('false');

    // With errors, confirming reads 'IGNORAR ERRORES Y CONTINUAR' and asks first.
    await user.click(screen.getByRole('button', { name: 'IGNORAR ERRORES Y CONTINUAR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar la carga de datos' });
    expect(within(dialog).getByText(/Esta acción no se puede deshacer/)).toBeInTheDocument();
    expect(within(dialog).getByText('Los 2 registros con errores no se cargarán.')).toBeInTheDocument();
    expect(api.to('POST /api/data-load/confirm-current')).toHaveLength(0);
  });

  it("reads 'CONFIRMAR REGISTROS' without errors and sends the choice the administrator made", async () => {
    const api = fakeApi({
      'GET /api/data-load/current-info': () => info(0),
      'GET /api/data-load/current': () => page([row(3, 'NO_ISSUES')]),
      'POST /api/data-load/confirm-current': () => ({
        error: false,
        message: DATA_LOAD_MESSAGES.confirmed,
        data: {
          ...info(0).data,
          current: null,
          created: { contracts: 27, suppliers: 3, administrativeUnits: 1, skipped: 0 },
        },
      }),
    });
    const { user } = renderScreen(<DataLoadReview organizationId={MONITOR} />);
    await user.click(await screen.findByRole('button', { name: 'CONFIRMAR REGISTROS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar la carga de datos' });
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRMAR REGISTROS' }));
    await screen.findByText('Se cargaron 27 contratos, 3 proveedores y 1 unidades administrativas.');
    expect(api.last('POST /api/data-load/confirm-current')?.body).toEqual({ ignoreErrors: false });
    expect(screen.queryByText(DATA_LOAD_MESSAGES.errorsBanner)).not.toBeInTheDocument();
  });

  it('asks before cancelling, then says it was cancelled', async () => {
    const api = fakeApi({
      'GET /api/data-load/current-info': () => info(0),
      'GET /api/data-load/current': () => page([row(3, 'NO_ISSUES')]),
      'POST /api/data-load/cancel-current': () => ({ error: false, message: '', data: info(0).data }),
    });
    const { user } = renderScreen(<DataLoadReview organizationId={MONITOR} />);
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar la carga de datos' });
    expect(
      within(dialog).getByText(/Se descartarán los registros leídos de «contratos.xlsx»/),
    ).toBeInTheDocument();
    expect(api.to('POST /api/data-load/cancel-current')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar la carga' }));
    await findToast(DATA_LOAD_MESSAGES.cancelled);
    expect(api.to('POST /api/data-load/cancel-current')).toHaveLength(1);
  });

  it('refuses a corrections file that is not a spreadsheet, hides the rows on request', async () => {
    const api = fakeApi({
      'GET /api/data-load/current-info': () => info(2),
      'GET /api/data-load/current': () => page([row(3, 'NO_ISSUES')]),
    });
    const { user } = renderScreen(<DataLoadReview organizationId={MONITOR} />);
    await screen.findByRole('button', { name: 'Cargar correcciones' });
    // Chosen as a browser lets anyone pick any file; the input's accept list is only a hint.
    fireEvent.change(screen.getByTestId('corrections-input'), {
      target: { files: [new File(['hola'], 'notas.txt', { type: 'text/plain' })] },
    });
    await findToast(DATA_LOAD_MESSAGES.notSpreadsheet);
    expect(api.to('POST /api/data-load/upload')).toHaveLength(0);

    expect(await screen.findByText('30 registros')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ocultar detalles' }));
    expect(screen.queryByLabelText('Sin problemas')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostrar detalles' })).toBeInTheDocument();
  });

  it('while the file is read, shows its progress and no review buttons', async () => {
    const api = fakeApi({
      'GET /api/data-load/current-info': () => ({
        ...info(0, 'UPLOADING'),
        data: {
          ...info(0, 'UPLOADING').data,
          current: { ...info(0, 'UPLOADING').data.current, rowsProcessed: 12, summary: null },
        },
      }),
    });
    renderScreen(<DataLoadReview organizationId={MONITOR} />);
    expect(await screen.findByText('12 de 30 registros leídos')).toBeInTheDocument();
    expect(screen.queryByTestId('load-summary')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar validaciones' })).not.toBeInTheDocument();
    expect(api.to('GET /api/data-load/current')).toHaveLength(0);
  });
});
