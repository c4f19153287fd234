import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, type ContractDoc, contractRequired } from '../../../../shared/contracts/schema';
import { CatalogueScreen } from '../../../components/admin/catalogue/catalogue-screen';
import { fakeApi } from '../../../test/api';
import { findToast, renderScreen } from '../../../test/render';
import { CONTRACTS_CATALOGUE } from './contracts-catalogue';

const UNIT = '01900000-0000-7000-8000-0000000000a1';
const SUPPLIER = '01900000-0000-7000-8000-0000000000b1';
const CONTRACT = '01900000-0000-7000-8000-0000000000c1';

/** A saved contract as the catalogue lists it. */
const SAVED: ContractDoc = {
  _id: CONTRACT,
  supplier: { _id: SUPPLIER, name: 'LIMPIEZA TOTAL SA' },
  procedureType: 'PUBLIC',
  category: 'SERVICES',
  administrationPeriod: '2024-2027',
  fiscalYear: '2025',
  period: '1o 2025',
  contractId: 'LP001/25',
  partida: null,
  procedureState: 'CONCLUDED',
  announcementUrl: null,
  announcementDate: null,
  servicesDescription: 'Limpieza de oficinas',
  clarificationMeetingDate: null,
  clarificationMeetingJudgmentUrl: null,
  presentationProposalsDocUrl: null,
  organizerAdministrativeUnit: { _id: UNIT, name: 'TESORERÍA' },
  applicantAdministrativeUnit: { _id: UNIT, name: 'TESORERÍA' },
  administrativeUnitType: 'CENTRALIZED',
  contractNumber: 'CTO-1',
  contractDate: '2025-02-03',
  contractType: 'NORMAL',
  totalAmount: 150000.5,
  minAmount: null,
  maxAmount: null,
  totalOrMaxAmount: 150000.5,
  contractUrl: 'https://transparencia.ejemplo.invalid/cto-1.pdf',
  areaInCharge: 'Tesorería',
  executingArea: null,
  updateDate: null,
  notes: null,
  karewaNotes: null,
  informationDate: null,
  limitExceeded: null,
  amountExceeded: null,
  isEmpty: false,
  createdAt: '2025-02-03T12:00:00.000Z',
  updatedAt: '2025-02-03T12:00:00.000Z',
};

const LIST = 'GET /api/contracts/list';
const SAVE = 'POST /api/contracts/save';

function open(docs: ContractDoc[] = []) {
  const api = fakeApi({
    [LIST]: () => ({ error: false, data: { docs, total: docs.length, page: 1, pages: 1 } }),
    'GET /api/contracts/retrieve/suppliers': () => ({
      error: false,
      data: { docs: [{ _id: SUPPLIER, name: 'LIMPIEZA TOTAL SA', rfc: 'LTO010101AB1' }] },
    }),
    'GET /api/contracts/retrieve/administrative-units': () => ({
      error: false,
      data: { docs: [{ _id: UNIT, name: 'TESORERÍA' }] },
    }),
    [`GET /api/backups/contract/${CONTRACT}`]: () => ({ error: false, data: [] }),
    [`GET /api/contracts/relations/${CONTRACT}`]: () => ({
      error: false,
      data: {
        bidders: [{ name: 'LIMPIEZA TOTAL SA', rfc: 'LTO010101AB1', isWinner: true }],
        invited: [],
        amendments: [],
        beneficialOwners: [],
        budgetLines: [],
        clarificationAttendees: [],
        clarificationOfficials: [],
      },
    }),
    [SAVE]: () => ({ error: false, message: CONTRACT_MESSAGES.updated, data: SAVED }),
  });
  return { api, ...renderScreen(<CatalogueScreen config={CONTRACTS_CATALOGUE} />) };
}

/** The form's labels in the order they show, a required one with its asterisk. */
const labels = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll('label'), (label) =>
    // A switch's label also holds its description.
    (label.textContent ?? '').replace(label.querySelector('p')?.textContent ?? '', '').trim(),
  );

/** The field whose label starts with this text (a required one ends in an asterisk). */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input, textarea, button' });
const switchOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('switch', { name: new RegExp(`^${label}`) });

async function newContract() {
  const screenParts = open();
  await screen.findByText('Por ahora no hay contratos.');
  await screenParts.user.click(screen.getByRole('button', { name: 'Nuevo contrato' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nuevo(a)' });
  return { ...screenParts, dialog };
}

async function choose(
  user: ReturnType<typeof open>['user'],
  dialog: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(field(dialog, label));
  await user.click(await screen.findByRole('option', { name: option }));
}

// The form holds 34 fields and each step renders them all again: on a busy 2-core machine one
// test here took over the project's 20 s. A passing test waits no longer for it.
describe("the contracts catalogue's form", { timeout: 60_000 }, () => {
  it('shows its sections and fields in order, with the required ones marked', async () => {
    const { dialog } = await newContract();
    for (const section of ['Procedimiento', 'Unidades y proveedor', 'Contrato'])
      expect(within(dialog).getByText(section)).toBeInTheDocument();
    expect(labels(dialog)).toEqual([
      'Sin procedimientos en el periodo',
      'Tipo de procedimiento *',
      'Materia *',
      'Administración *',
      'Ejercicio *',
      'Periodo *',
      'ID',
      'Partida',
      'Estado del procedimiento *',
      'Hipervínculo a la convocatoria',
      'Fecha de la convocatoria',
      'Fecha de la junta de aclaraciones',
      'Hipervínculo al fallo de la junta de aclaraciones',
      'Hipervínculo a la presentación de propuestas',
      'Descripción de las obras, bienes o servicios *',
      'Unidad administrativa convocante *',
      'Unidad administrativa solicitante *',
      'Tipo de unidad administrativa *',
      'Área responsable *',
      'Área responsable de la ejecución',
      'Proveedor',
      'Número de contrato *',
      'Fecha del contrato *',
      'Tipo de contrato *',
      'Monto total *',
      'Monto mínimo',
      'Monto máximo',
      'Hipervínculo al contrato',
      'Fecha de actualización',
      'Fecha de obtención de la información',
      'Notas',
      'Notas de la asociación',
    ]);
    expect(
      within(dialog).getByText(
        'Marca esta opción si en el periodo no se realizaron procedimientos: solo se piden los datos generales.',
      ),
    ).toBeInTheDocument();
    // The formats' examples as placeholders.
    expect(field(dialog, 'Administración')).toHaveAttribute('placeholder', '2019-2021');
    expect(field(dialog, 'Ejercicio')).toHaveAttribute('placeholder', '2019');
    expect(field(dialog, 'Periodo')).toHaveAttribute('placeholder', '1o 2019');
    expect(field(dialog, 'ID')).toHaveAttribute('placeholder', 'XX000/00');
    expect(field(dialog, 'Hipervínculo al contrato')).toHaveAttribute('placeholder', 'https://');
    expect(within(dialog).getByText('Monto total o máximo')).toBeInTheDocument();
    expect(within(dialog).getByTestId('total-or-max')).toHaveTextContent(
      '— · el monto total (contrato normal)',
    );
  });

  it('asks only for the general data of a period without procedures', async () => {
    const { dialog, user } = await newContract();
    await user.click(switchOf(dialog, 'Sin procedimientos en el periodo'));
    const marked = labels(dialog).filter((label) => label?.endsWith(' *'));
    expect(marked).toEqual([
      'Tipo de procedimiento *',
      'Materia *',
      'Administración *',
      'Ejercicio *',
      'Periodo *',
      'Unidad administrativa convocante *',
      'Unidad administrativa solicitante *',
      'Área responsable *',
    ]);
  });

  it('lists what a contract with procedures lacks and sends nothing', async () => {
    const { dialog, user, api } = await newContract();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await findToast('El formulario contiene errores');
    // Under the field and in the footer's list.
    for (const missing of [
      'procedureType',
      'category',
      'administrationPeriod',
      'fiscalYear',
      'period',
      'organizerAdministrativeUnit',
      'applicantAdministrativeUnit',
      'areaInCharge',
    ] as const)
      expect(within(dialog).getAllByText(contractRequired(missing)).length).toBeGreaterThanOrEqual(2);
    expect(field(dialog, 'Área responsable')).toHaveAttribute('aria-invalid', 'true');
    expect(api.to(SAVE)).toHaveLength(0);
  });

  it('asks for the minimum and the maximum of an open contract, whose total is its maximum', async () => {
    const { dialog, user } = await newContract();
    await choose(user, dialog, 'Tipo de contrato', 'Abierto');
    expect(labels(dialog)).toEqual(
      expect.arrayContaining(['Monto total', 'Monto mínimo *', 'Monto máximo *']),
    );
    await user.type(field(dialog, 'Monto máximo'), '1500');
    expect(within(dialog).getByTestId('total-or-max')).toHaveTextContent(
      '$1,500.00 · el monto máximo (contrato abierto)',
    );
  });

  it('asks whether a direct award exceeds the limit', async () => {
    const { dialog, user } = await newContract();
    expect(within(dialog).queryByText('Excede el límite de la adjudicación directa')).not.toBeInTheDocument();
    await choose(user, dialog, 'Tipo de procedimiento', 'Adjudicación Directa');
    expect(switchOf(dialog, 'Excede el límite de la adjudicación directa')).not.toBeChecked();
    expect(field(dialog, 'Monto que excede el límite')).toBeInTheDocument();
  });

  it('asks a contract with procedures for its number, description and the amounts of its type', async () => {
    const { api, user } = open([SAVED]);
    await user.click(await screen.findByRole('button', { name: 'Editar CTO-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar' });
    await user.clear(field(dialog, 'Número de contrato'));
    await user.clear(field(dialog, 'Descripción de las obras, bienes o servicios'));
    await choose(user, dialog, 'Tipo de contrato', 'Abierto');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await findToast('El formulario contiene errores');
    for (const missing of ['contractNumber', 'servicesDescription', 'minAmount', 'maxAmount'] as const)
      expect(within(dialog).getAllByText(contractRequired(missing)).length).toBeGreaterThanOrEqual(2);
    expect(api.to(SAVE)).toHaveLength(0);
  });

  it('shows a saved contract', async () => {
    const { user } = open([SAVED]);
    await user.click(await screen.findByRole('button', { name: 'Editar CTO-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar' });
    expect(field(dialog, 'Administración')).toHaveValue('2024-2027');
    expect(field(dialog, 'Tipo de procedimiento')).toHaveValue('Pública');
    expect(field(dialog, 'Monto total')).toHaveValue('$150,000.5');
    await waitFor(() => expect(field(dialog, 'Proveedor')).toHaveValue('LIMPIEZA TOTAL SA (LTO010101AB1)'));
    expect(within(dialog).getByTestId('total-or-max')).toHaveTextContent(
      '$150,000.50 · el monto total (contrato normal)',
    );
  });

  it('sends a saved contract’s edit', async () => {
    const { api, user } = open([SAVED]);
    await user.click(await screen.findByRole('button', { name: 'Editar CTO-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar' });
    // Pasted rather than typed key by key: what is sent is under test, not the typing.
    await user.clear(field(dialog, 'Número de contrato'));
    await user.paste('CTO-2');
    await user.click(field(dialog, 'Notas de la asociación'));
    await user.paste('Revisado');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await findToast(CONTRACT_MESSAGES.updated);
    const { _id, createdAt, updatedAt, totalOrMaxAmount, ...fields } = SAVED;
    expect(api.last(SAVE)?.body).toEqual({
      ...fields,
      _id: CONTRACT,
      supplier: SUPPLIER,
      organizerAdministrativeUnit: UNIT,
      applicantAdministrativeUnit: UNIT,
      contractNumber: 'CTO-2',
      karewaNotes: 'Revisado',
    });
  });

  it('edits the bidders and amendments of a saved contract, sending only the lists changed', async () => {
    const { api, user } = open([SAVED]);
    await user.click(await screen.findByRole('button', { name: 'Editar CTO-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar' });
    // The stored bidder, read from the server.
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Nombre o razón social \(participante 1\)/)).toHaveValue(
        'LIMPIEZA TOTAL SA',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Agregar participante' }));
    await user.click(within(dialog).getByLabelText(/^Nombre o razón social \(participante 2\)/));
    await user.paste('Servicios Pulcros');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar convenio' }));
    await user.click(within(dialog).getByLabelText(/^Número de convenio/));
    await user.paste('CM-1');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await findToast(CONTRACT_MESSAGES.updated);
    const body = api.last(SAVE)?.body as Record<string, unknown>;
    expect(body.bidders).toEqual([
      { name: 'LIMPIEZA TOTAL SA', rfc: 'LTO010101AB1', isWinner: true },
      { name: 'Servicios Pulcros', rfc: null },
    ]);
    expect(body.amendments).toEqual([{ number: 'CM-1', object: null, signedDate: null, url: null }]);
    // Untouched, the invited stay as stored: not sent.
    expect(body).not.toHaveProperty('invited');
  });

  it('refuses a bidder without a name before sending', async () => {
    const { dialog, user, api } = await newContract();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar participante' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await findToast('El formulario contiene errores');
    expect(within(dialog).getByLabelText(/^Nombre o razón social \(participante 1\)/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.to(SAVE)).toHaveLength(0);
  });
});
