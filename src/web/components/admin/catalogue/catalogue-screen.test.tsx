import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ERROR_MESSAGES } from '../../../../shared/errors';
import {
  SUPPLIER_MESSAGES,
  type SupplierDoc,
  SupplierInputSchema,
} from '../../../../shared/schemas/catalogues';
import { setCurrentOrganization } from '../../../lib/current-organization';
import { apiError, type FakeCall, fakeApi } from '../../../test/api';
import { findToast, renderScreen, TEST_MONITOR } from '../../../test/render';
import { type CatalogueConfig, CatalogueScreen } from './catalogue-screen';
import { NotesField, TextField } from './fields';

/** A catalogue like the suppliers' one, defined here: the screen is what is under test. */
const CONFIG: CatalogueConfig<SupplierDoc> = {
  path: 'suppliers',
  plural: 'Proveedores',
  newLabel: 'Nuevo proveedor',
  testId: 'suppliers-catalogue',
  columns: [
    { field: 'name', label: 'Nombre', sort: 'name', inline: true },
    { field: 'rfc', label: 'RFC', sort: 'rfc', inline: true },
    { field: 'notes', label: 'Notas', inline: true },
    { field: 'createdAt', label: 'Fecha de creación', type: 'date', sort: 'createdAt' },
  ],
  schema: SupplierInputSchema,
  empty: { name: '', rfc: '', notes: '' },
  toDraft: (doc) => ({ name: doc.name, rfc: doc.rfc ?? '', notes: doc.notes ?? '' }),
  form: (props) => (
    <>
      <TextField {...props} field="name" label="Nombre" required />
      <TextField {...props} field="rfc" label="RFC" />
      <NotesField {...props} />
    </>
  ),
};

const supplier = (name: string, index = 1): SupplierDoc => ({
  _id: `0190000${index}-0000-7000-8000-00000000000${index}`,
  name,
  rfc: `RFC${index}`,
  notes: null,
  createdAt: '2024-03-05T12:00:00.000Z',
  updatedAt: '2024-03-05T12:00:00.000Z',
});
const ACME = supplier('ACME SA', 1);
const BOLT = supplier('BOLT SA', 2);

/** The list's answer; `total` beyond the rows shown makes more pages. */
const listPage = (docs: SupplierDoc[], { total = docs.length, page = 1, limit = 10 } = {}) => ({
  error: false,
  data: { docs, total, page, pages: Math.max(1, Math.ceil(total / limit)) },
});
const LIST = 'GET /api/suppliers/list';
const pageOf = (call: FakeCall | undefined) => Object.fromEntries(call?.query ?? []);

const open = (options?: Parameters<typeof renderScreen>[1]) =>
  renderScreen(<CatalogueScreen config={CONFIG} />, options);

afterEach(() => {
  vi.useRealTimers();
});

describe('CatalogueScreen', () => {
  it('lists the rows with the Spanish title and status line', async () => {
    const api = fakeApi({ [LIST]: () => listPage([ACME, BOLT]) });
    open();
    expect(screen.getByRole('heading', { name: 'Catálogo de Proveedores' })).toBeInTheDocument();
    expect(await screen.findByText('ACME SA')).toBeInTheDocument();
    expect(screen.getByText('BOLT SA')).toBeInTheDocument();
    expect(screen.getAllByText('05/03/2024')).toHaveLength(2);
    expect(screen.getByText('2 registros')).toBeInTheDocument();
    expect(pageOf(api.last(LIST))).toEqual({ page: '1', order: 'desc', limit: '10' });
  });

  it('says so when the catalogue is empty', async () => {
    fakeApi({ [LIST]: () => listPage([]) });
    open();
    expect(await screen.findByText('Por ahora no hay proveedores.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeDisabled();
  });

  it('searches a second after typing stops, from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      [LIST]: (call) =>
        call.query.get('search')
          ? listPage([])
          : listPage([ACME], { total: 30, page: Number(call.query.get('page')) }),
    });
    const { user } = open({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await screen.findByText('ACME SA');
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(pageOf(api.last(LIST)).page).toBe('2'));

    await user.type(screen.getByRole('textbox', { name: 'Buscar en proveedores' }), 'acme');
    expect(api.to(LIST).some((call) => call.query.has('search'))).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(pageOf(api.last(LIST))).toMatchObject({ search: 'acme', page: '1' }));
    expect(
      await screen.findByText('No se encontraron resultados con la búsqueda «acme».'),
    ).toBeInTheDocument();
  });

  it('sorts by a column, ascending first and then descending', async () => {
    const api = fakeApi({ [LIST]: () => listPage([ACME, BOLT]) });
    const { user } = open();
    await screen.findByText('ACME SA');
    await user.click(screen.getByRole('button', { name: /^Nombre/ }));
    await waitFor(() => expect(pageOf(api.last(LIST))).toMatchObject({ sort: 'name', order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /^Nombre/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /^Nombre/ }));
    await waitFor(() => expect(pageOf(api.last(LIST))).toMatchObject({ sort: 'name', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /^Nombre/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('remembers the page size chosen for the next visit', async () => {
    const api = fakeApi({ [LIST]: () => listPage([ACME], { total: 60 }) });
    const first = open();
    await screen.findByText('ACME SA');
    await first.user.click(screen.getByRole('combobox', { name: 'Filas por página' }));
    await first.user.click(await screen.findByRole('option', { name: '25 por página' }));
    await waitFor(() => expect(pageOf(api.last(LIST))).toMatchObject({ limit: '25', page: '1' }));
    first.unmount();

    const calls = api.calls.length;
    open();
    await screen.findByText('ACME SA');
    expect(pageOf(api.calls[calls])).toMatchObject({ limit: '25' });
    expect(screen.getByRole('combobox', { name: 'Filas por página' })).toHaveValue('25 por página');
  });

  it('marks an invalid cell in the inline edit mode and shows the server’s field error', async () => {
    const api = fakeApi({
      [LIST]: () => listPage([ACME, BOLT]),
      'POST /api/suppliers/save-updated-docs': () => {
        throw apiError(409, 'CONFLICT', DEFAULT_ERROR_MESSAGES.CONFLICT, [
          { path: 'docs.0.name', message: SUPPLIER_MESSAGES.nameTaken },
        ]);
      },
    });
    const { user } = open();
    await screen.findByText('ACME SA');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const name = screen.getByRole('textbox', { name: 'Nombre de ACME SA' });
    await user.clear(name);
    // The one rule of the form and the import (decision 0042): a formula is refused, a real name is not.
    await user.type(name, '=acme');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(SUPPLIER_MESSAGES.nameFormat)).toBeInTheDocument();

    // Saving with a marked cell only says what to fix.
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await findToast(`Corrige los campos marcados antes de guardar. ${SUPPLIER_MESSAGES.nameFormat}`);
    expect(api.to('POST /api/suppliers/save-updated-docs')).toHaveLength(0);

    await user.clear(name);
    await user.type(name, '3M MEXICO, S.A. DE C.V.');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar cambios' });
    expect(within(dialog).getByText(/Se modificará 1 registro\. ¿Deseas guardar/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(SUPPLIER_MESSAGES.nameTaken)).toBeInTheDocument();
    await findToast(DEFAULT_ERROR_MESSAGES.CONFLICT);
    expect(api.last('POST /api/suppliers/save-updated-docs')?.body).toEqual({
      docs: [{ _id: ACME._id, name: '3M MEXICO, S.A. DE C.V.', rfc: 'RFC1', notes: '' }],
    });
  });

  it('shows what was saved even when a search read the list just before the save', async () => {
    // The search fires a second after typing; here its read reaches the server before the inline
    // save and answers after it, with the row as it was. The saved row must show, not that answer.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let notes: string | null = null;
    let answerOldRead: () => void = () => {};
    const api = fakeApi({
      [LIST]: (call) => {
        const page = listPage([{ ...ACME, notes }]);
        if (!call.query.get('search') || notes) return page;
        return new Promise((resolve) => {
          answerOldRead = () => resolve(page);
        });
      },
      'POST /api/suppliers/save-updated-docs': (call) => {
        notes = (call.body as { docs: { notes: string }[] }).docs[0]!.notes;
        // The older read answers once the save is done, with what it read before.
        setTimeout(answerOldRead, 0);
        return { message: 'Los cambios se guardaron correctamente', data: { saved: 1 } };
      },
    });
    const { user } = open({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await screen.findByText('ACME SA');
    await user.type(screen.getByRole('textbox', { name: 'Buscar en proveedores' }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.type(screen.getByRole('textbox', { name: 'Notas de ACME SA' }), 'revisado');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(pageOf(api.last(LIST))).toMatchObject({ search: 'acme' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar cambios' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await findToast('Los cambios se guardaron correctamente');
    expect(await screen.findByText('revisado')).toBeInTheDocument();
  });

  it('lists the new entry’s validation messages and sends nothing until they are fixed', async () => {
    const api = fakeApi({
      [LIST]: () => listPage([ACME]),
      'POST /api/suppliers/save': () => ({ error: false, message: SUPPLIER_MESSAGES.created, data: BOLT }),
    });
    const { user } = open();
    await screen.findByText('ACME SA');
    await user.click(screen.getByRole('button', { name: 'Nuevo proveedor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo(a)' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await findToast('El formulario contiene errores');
    // Under the field and in the footer's list.
    expect(within(dialog).getAllByText(SUPPLIER_MESSAGES.nameRequired).length).toBeGreaterThanOrEqual(2);
    expect(within(dialog).getByRole('textbox', { name: /^Nombre/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST /api/suppliers/save')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'BOLT SA');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await findToast(SUPPLIER_MESSAGES.created);
    expect(api.last('POST /api/suppliers/save')?.body).toEqual({ name: 'BOLT SA', rfc: '', notes: '' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo(a)' })).not.toBeInTheDocument());
    // The list is read again.
    await waitFor(() => expect(api.to(LIST)).toHaveLength(2));
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const api = fakeApi({
      [LIST]: () => listPage([ACME]),
      'POST /api/suppliers/delete': () => ({
        error: false,
        message: 'El proveedor fue eliminado correctamente',
      }),
    });
    const { user } = open();
    await screen.findByText('ACME SA');
    await user.click(screen.getByRole('button', { name: 'Eliminar ACME SA' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar registro' });
    expect(
      within(dialog).getByText(
        'Esta acción borrará el registro del catálogo permanentemente ¿Estás seguro de eliminarlo?',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST /api/suppliers/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Eliminar ACME SA' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar registro' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await findToast('El proveedor fue eliminado correctamente');
    expect(api.last('POST /api/suppliers/delete')?.body).toEqual({ _id: ACME._id });
  });

  it('shows the Spanish message of a refused list (403)', async () => {
    fakeApi({
      [LIST]: () => {
        throw apiError(403, 'FORBIDDEN', DEFAULT_ERROR_MESSAGES.FORBIDDEN);
      },
    });
    open();
    expect(
      await screen.findByText(`No fue posible cargar los registros. ${DEFAULT_ERROR_MESSAGES.FORBIDDEN}`),
    ).toBeInTheDocument();
  });

  it('shows the Spanish message of a failed delete (500) and keeps the dialog open', async () => {
    fakeApi({
      [LIST]: () => listPage([ACME]),
      'POST /api/suppliers/delete': () => {
        throw apiError(500, 'INTERNAL', DEFAULT_ERROR_MESSAGES.INTERNAL);
      },
    });
    const { user } = open();
    await screen.findByText('ACME SA');
    await user.click(screen.getByRole('button', { name: 'Eliminar ACME SA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar registro' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await findToast(DEFAULT_ERROR_MESSAGES.INTERNAL);
    expect(screen.getByRole('dialog', { name: 'Eliminar registro' })).toBeInTheDocument();
  });

  it('never shows the previous monitor’s rows after a switch of monitor', async () => {
    const OTHER = '01900000-0000-7000-8000-000000000002';
    let release: () => void = () => {};
    const api = fakeApi({
      [LIST]: async () => {
        // The header the real client sends is the stored choice at the time of the call.
        const monitor = JSON.parse(localStorage.getItem('vigia.currentOrganization') ?? '{}').id;
        if (monitor === TEST_MONITOR) return listPage([ACME]);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return listPage([BOLT]);
      },
    });
    open();
    await screen.findByText('ACME SA');
    act(() => setCurrentOrganization({ id: OTHER, theme: 'default', round: false }));
    await waitFor(() => expect(api.to(LIST)).toHaveLength(2));
    // While the other monitor's rows load, this monitor's are gone.
    expect(screen.queryByText('ACME SA')).not.toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('BOLT SA')).toBeInTheDocument();
  });
});
