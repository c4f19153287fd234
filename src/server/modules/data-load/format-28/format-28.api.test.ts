import { and, count, eq, isNull, sql, sum } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_SHEET_COLUMNS } from '../../../../shared/contracts/fields';
import type { DataLoadRowDoc } from '../../../../shared/schemas/data-load';
import {
  contractAmendments,
  contractBudgetLines,
  contractParties,
  contracts,
  suppliers,
} from '../../../db/schema';
import { bearer, createUser, signIn } from '../../../test/auth';
import { multipart, multipartFiles } from '../../../test/data-load-rows';
import { createContract, createOrganization, createSupplier, createUnit } from '../../../test/factories';
import { changedPntFixture, headerColumn, pntFixture } from '../../../test/pnt-fixtures';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { rfcTwoNamesInfo } from '../references';
import { NO_NUMBER_INFO } from '../sheet/rows';
import { NOT_A_CONTRACT, noPeriodError, OPEN_CONTRACT_INFO, SAT_PATTERN_INFO } from './mapping';

/**
 * The five real format-28 workbooks (fixtures/pnt/, three layouts, 2018–2024) loaded end to end, and
 * what the import rules (pnt-import-rules.md) make of each. The figures are worked out from the
 * files' cells (pnt-format-28.md §7 counts what each sheet holds), each test saying how.
 */

const fixture = pntFixture;

/**
 * What ceaa-2023-1 leaves in a monitor: Σ of the three non-zero totals (745,685.35) plus the three
 * open contracts' maxima (660,804.86); invited IDs 1–4 (4 rows), bids IDs 1–6 (7 rows: ID 2 has
 * two), attendees IDs 1–4 (4 rows), officials IDs 1–6 (58 rows); no budget lines; amendments '0' in
 * every row (none).
 */
const CEAA_2023_1_HOLDINGS = {
  contracts: 6,
  amount: 1_406_490.21,
  suppliers: 6,
  parties: { INVITED: 4, BIDDER: 7, CLARIFICATION_ATTENDEE: 4, CLARIFICATION_OFFICIAL: 58 },
  amendments: 0,
  budgetLines: 0,
};

describe('format-28 workbooks as the bodies publish them', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    token = await signIn(ctx.app, (await createUser(ctx.database.db, { permissions: ['CONTRACTS'] })).email);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', path: string, organizationId: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/data-load/${path}`,
      headers: bearer(token, organizationId),
      ...(payload ? { payload } : {}),
    });
  /** Uploads a workbook to a monitor, waits for its reading, and gives the load's info. */
  const load = async (
    organizationId: string,
    file: Buffer,
    options: { name?: string; administrationPeriod?: string } = {},
  ) => {
    const { payload, contentType } = multipart(file, options);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/data-load/upload',
      headers: { ...bearer(token, organizationId), 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    await ctx.app.deps.jobs.idle(60_000);
    return (await call('GET', 'current-info', organizationId)).json().data;
  };
  const reviewRows = async (organizationId: string, query = '') =>
    (await call('GET', `current?page=1${query}`, organizationId)).json().data.docs as DataLoadRowDoc[];
  const confirm = async (organizationId: string) => {
    const response = await call('POST', 'confirm-current', organizationId, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.created;
  };
  /** What the monitor holds: contracts and the sum of their amounts, suppliers, and kept sub-table rows. */
  const holdings = async (organizationId: string) => {
    const { db } = ctx.database;
    const [written] = await db
      .select({ contracts: count(), amount: sum(contracts.totalOrMaxAmount) })
      .from(contracts)
      .where(and(eq(contracts.organizationId, organizationId), isNull(contracts.deletedAt)));
    const [supplierCount] = await db
      .select({ n: count() })
      .from(suppliers)
      .where(eq(suppliers.organizationId, organizationId));
    const roles = await db
      .select({ role: contractParties.role, n: count() })
      .from(contractParties)
      .where(eq(contractParties.organizationId, organizationId))
      .groupBy(contractParties.role);
    const [amendments] = await db
      .select({ n: count() })
      .from(contractAmendments)
      .where(eq(contractAmendments.organizationId, organizationId));
    const [lines] = await db
      .select({ n: count() })
      .from(contractBudgetLines)
      .where(eq(contractBudgetLines.organizationId, organizationId));
    return {
      contracts: written!.contracts,
      amount: Number(written!.amount ?? 0),
      suppliers: supplierCount!.n,
      parties: Object.fromEntries(roles.map((row) => [row.role, row.n])),
      amendments: amendments!.n,
      budgetLines: lines!.n,
    };
  };
  const monitor = async () => (await createOrganization(ctx.database.db)).id;

  it('2018, tenders and invitations (seppe-2018-1): the "nothing to report" row is not a contract', async () => {
    const organizationId = await monitor();
    const info = await load(organizationId, fixture('seppe-2018-1'), { administrationPeriod: '2016-2022' });
    expect(info.current.messages[0]).toBe(
      'Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2018, licitación e invitación).',
    );
    // Row 8 holds the period, the area, a note and the six 'Colocar el ID…' placeholders only.
    expect(info.current.summary).toMatchObject({
      newContractsCount: 0,
      skippedContractsCount: 0,
      errorsCount: 0,
      notContractsCount: 1,
    });
    expect(await reviewRows(organizationId)).toEqual([]);
    const apart = await reviewRows(
      organizationId,
      '&showNoIssues=false&showSkipped=false&showErrors=false&showNotContracts=true',
    );
    expect(apart.map((row) => [row.rowIndex, row.status, row.reason])).toEqual([
      [8, 'NOT_CONTRACT', NOT_A_CONTRACT],
    ]);
    expect(await confirm(organizationId)).toMatchObject({ contracts: 0 });
    expect(await holdings(organizationId)).toMatchObject({ contracts: 0, suppliers: 0, parties: {} });
  });

  it('2018, direct awards (seppe-2018-2): ten contracts, their quotations, one RFC under two names', async () => {
    const organizationId = await monitor();
    const info = await load(organizationId, fixture('seppe-2018-2'), { administrationPeriod: '2016-2022' });
    expect(info.current.messages[0]).toBe(
      'Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2018, adjudicación directa).',
    );
    // 10 rows, each with its own contract number; RFCs (as published): QTE071107RC5 ×4 rows,
    // DIG0810009EV2 ×2, FPEE150824C24, RDI841003QJ4, OUAM810314BW9, ASC9503295G4 → 6 suppliers.
    expect(info.current.summary).toMatchObject({
      newContractsCount: 10,
      newSuppliersCount: 6,
      errorsCount: 0,
      notContractsCount: 0,
    });
    const rows = await reviewRows(organizationId);
    const byRow = new Map(rows.map((row) => [row.rowIndex, row]));
    // DIG0810009EV2 has 13 characters, one too many digits for a company: kept, with the info.
    expect(byRow.get(11)!.data.supplierRfc!).toMatchObject({
      value: 'DIG0810009EV2',
      infos: [SAT_PATTERN_INFO],
    });
    // Row 14 publishes that RFC with Quimera's name, row 16 Quimera's RFC with Camcor's name.
    expect(byRow.get(14)!.data.supplierName!.infos).toContain(
      rfcTwoNamesInfo(
        'DIG0810009EV2',
        'Diversidad En Insumos Gráficos S.A. de C.V.',
        'Quimera Televisión S.A. de C.V',
      ),
    );
    expect(byRow.get(16)!.data.supplierName!.infos).toContain(
      rfcTwoNamesInfo(
        'QTE071107RC5',
        'Quimera Televisión S.A. de C.V',
        'Camcor Comercializadora E Importadora S.A. de C.V.',
      ),
    );
    // The 28b sheet has a procedure type column: 'Adjudicación directa' in all ten.
    expect(rows.every((row) => row.data.procedureType!.value === 'Adjudicación directa')).toBe(true);
    expect(await confirm(organizationId)).toMatchObject({ contracts: 10, suppliers: 6 });
    // Σ of 'Monto total … con impuestos' over the ten rows: 507,231.00; ten quotations (IDs 1–10, one per row).
    expect(await holdings(organizationId)).toEqual({
      contracts: 10,
      amount: 507_231,
      suppliers: 6,
      parties: { BIDDER: 10 },
      amendments: 0,
      budgetLines: 0,
    });
    const [quotes] = await ctx.database.db
      .select({ total: sum(contractParties.quoteAmount) })
      .from(contractParties)
      .where(eq(contractParties.organizationId, organizationId));
    expect(Number(quotes!.total)).toBe(507_231);
  });

  it('2021, tenders (ceaa-2023-1): open contracts by their maxima, every sub-table kept and shown', async () => {
    const organizationId = await monitor();
    const info = await load(organizationId, fixture('ceaa-2023-1'), { administrationPeriod: '2022-2028' });
    expect(info.current.messages[0]).toBe(
      'Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2021, licitación e invitación).',
    );
    expect(info.current.summary).toMatchObject({
      newContractsCount: 6,
      newSuppliersCount: 6,
      errorsCount: 0,
    });
    const rows = await reviewRows(organizationId);
    // Rows 8, 10 and 11 publish 0 as their total and a minimum and maximum: open contracts.
    expect(
      rows.filter((row) => row.data.maxAmount?.infos.includes(OPEN_CONTRACT_INFO)).map((row) => row.rowIndex),
    ).toEqual([8, 10, 11]);
    await confirm(organizationId);
    expect(await holdings(organizationId)).toEqual(CEAA_2023_1_HOLDINGS);

    // The public detail: ANA's contract was bid by ANA (the winner) and HDI.
    const [ana] = await ctx.database.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(
        and(eq(contracts.organizationId, organizationId), sql`${contracts.totalOrMaxAmount} = 219029.35`),
      );
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/public-api/contracts/detail?id=${ana!.id}`,
        headers: { 'x-current-organization-id': organizationId },
      })
    ).json().data;
    expect(detail.bidders).toEqual([
      { name: 'ANA COMPAÑÍA DE SEGUROS S.A.DE C.V.', rfc: 'ANA9509086E3', isWinner: true },
      { name: 'HDI SEGUROS S.A DE C.V.', rfc: 'HSE701218532', isWinner: false },
    ]);
    expect(detail.invited).toEqual([{ name: 'HDI Seguros S.A. DE C.V.', rfc: 'HSE701218532' }]);
    expect(detail.amendments).toEqual([]);
    expect(detail.beneficialOwners).toEqual([]);
    expect(detail.budgetLines).toEqual([]);
    // Officials under ID 2: twelve rows of Tabla_492869.
    expect(detail.clarificationOfficials).toHaveLength(12);
    expect(detail.clarificationOfficials[0]).toEqual({
      name: 'Diana Cristina Salcedo Baca',
      rfc: 'SABD770305S7A',
      post: 'Subdirectora de Evaluación de la Dirección de Planeación Estratégica',
    });
  });

  it('2021, direct awards (ceaa-2023-2): three small purchases of one supplier', async () => {
    const organizationId = await monitor();
    await load(organizationId, fixture('ceaa-2023-2'), { administrationPeriod: '2022-2028' });
    await confirm(organizationId);
    // Totals 588.35 + 574.43 + 623.62 (the pre-tax column holds 0: not published); one RFC.
    expect(await holdings(organizationId)).toEqual({
      contracts: 3,
      amount: 1_786.4,
      suppliers: 1,
      parties: { BIDDER: 3 },
      amendments: 0,
      budgetLines: 0,
    });
  });

  it('2024, one format (semarnath-2024-1): the period of each row by its year, budget lines shared by rows, beneficial owners; loaded again, nothing new', async () => {
    const { db } = ctx.database;
    const organizationId = await monitor();
    // The monitor's administration: its one contract (2022-2028) includes the file's year, 2024.
    await createContract(db, {
      organizationId,
      unitId: (await createUnit(db, organizationId)).id,
      administrationPeriod: '2022-2028',
      supplierId: (await createSupplier(db, organizationId)).id,
    });
    const before = await holdings(organizationId);
    const info = await load(organizationId, fixture('semarnath-2024-1'));
    expect(info.current.messages[0]).toBe(
      'Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2024, formato único).',
    );
    // 17 data rows: 16 direct awards and row 24, a note only. RFCs: 13 distinct (LAHL640902QN2 ×4 …).
    expect(info.current.summary).toMatchObject({
      newContractsCount: 16,
      newSuppliersCount: 13,
      errorsCount: 0,
      notContractsCount: 1,
    });
    const rows = await reviewRows(organizationId);
    expect(rows.every((row) => row.data.administration!.value === '2022-2028')).toBe(true);
    // DUPM0331AP5 (row 17) has 11 characters: kept as published.
    expect(rows.find((row) => row.rowIndex === 17)!.data.supplierRfc).toMatchObject({
      value: 'DUPM0331AP5',
      infos: [SAT_PATTERN_INFO],
    });
    await confirm(organizationId);
    // Σ 'Monto total … con impuestos' over the 16 rows: 628,960.08 (the maxima repeat it: not open).
    // Budget lines: IDs 1 ×4 rows, 2 ×8, 3, 4, 5, 6 → 16 lines; beneficial owners IDs 1–5, one row each.
    expect(await holdings(organizationId)).toEqual({
      contracts: before.contracts + 16,
      amount: before.amount + 628_960.08,
      suppliers: before.suppliers + 13,
      parties: { BENEFICIAL_OWNER: 5 },
      amendments: 0,
      budgetLines: 16,
    });

    // The same file again: every row is a duplicate, nothing is written.
    const again = await load(organizationId, fixture('semarnath-2024-1'));
    expect(again.current.summary).toMatchObject({
      newContractsCount: 0,
      skippedContractsCount: 16,
      errorsCount: 0,
      notContractsCount: 1,
    });
    expect(await confirm(organizationId)).toMatchObject({ contracts: 0 });
    expect((await holdings(organizationId)).contracts).toBe(before.contracts + 16);
  });

  it('2024 with every sub-table filled: bidders, invited, both clarification lists, beneficial owners, budget lines and an amendment', async () => {
    const organizationId = await monitor();
    let contractNumber = '';
    const file = await changedPntFixture('semarnath-2024-1', (main, book) => {
      const headers = main.getRow(7).values as unknown[];
      const linkColumn = (start: string) => headerColumn(main, start);
      const sheetOf = (start: string) =>
        book.getWorksheet(/Tabla_\d+/.exec(String(headers[linkColumn(start)]))![0])!;
      /** A row of a sub-table under ID 9, each value under the first header (row 3) holding its key. */
      const add = (start: string, values: Record<string, unknown>) => {
        const sheet = sheetOf(start);
        const subHeaders = Array.from(sheet.getRow(3).values as unknown[], (value) => String(value ?? ''));
        const row: unknown[] = [];
        row[1] = 9;
        for (const [key, value] of Object.entries(values)) {
          const column = subHeaders.findIndex((header) => header.toLowerCase().includes(key.toLowerCase()));
          if (column < 1) throw new Error(`${sheet.name} has no column ${key}`);
          row[column] = value;
        }
        sheet.addRow(row.slice(1));
      };
      const row = main.getRow(13);
      contractNumber = String(row.getCell(linkColumn('Número que identifique al contrato')).value).trim();
      for (const start of [
        'Posibles licitantes',
        'Relación con los nombres de las personas físicas o morales que presentaron',
        'Relación con los nombres de las/los participantes en la junta de aclaraciones',
        'Relación con los nombres de las personas servidoras públicas participantes',
        'Convenios modificatorios',
      ])
        row.getCell(linkColumn(start)).value = 9;
      add('Posibles licitantes', {
        'razón social': 'Invitada del Valle S.A. de C.V.',
        'Registro Federal': 'IVA010101AB1',
      });
      add('Relación con los nombres de las personas físicas o morales que presentaron', {
        'razón social': 'Gapodhi S.A DE C.V.',
        'Registro Federal': 'GAP1302158X5',
      });
      add('Relación con los nombres de las personas físicas o morales que presentaron', {
        'Nombre(s)': 'Rosa',
        'Primer apellido': 'Competidora',
        'Segundo apellido': 'Ruiz',
        'Registro Federal': 'CORR800101X1Z',
      });
      add('Relación con los nombres de las/los participantes en la junta de aclaraciones', {
        'razón social': 'Asistente Norte S.C.',
      });
      add('Relación con los nombres de las personas servidoras públicas participantes', {
        'Nombre (s)': 'Laura',
        'Primer apellido': 'Servidora',
        'Segundo apellido': 'Pública',
        Cargo: 'Jefa de Adquisiciones',
      });
      add('Convenios modificatorios', {
        'Número de convenio': 'CM-2025-01',
        'Objeto del convenio': 'Ampliación del monto',
        'Fecha de firma': new Date(Date.UTC(2024, 8, 20)),
      });
    });
    const info = await load(organizationId, file, { administrationPeriod: '2022-2028' });
    expect(info.current.summary).toMatchObject({ newContractsCount: 16, errorsCount: 0 });
    await confirm(organizationId);
    const [gapodhi] = await ctx.database.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.organizationId, organizationId), eq(contracts.contractNumber, contractNumber)));
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/public-api/contracts/detail?id=${gapodhi!.id}`,
        headers: { 'x-current-organization-id': organizationId },
      })
    ).json().data;
    expect(detail.invited).toEqual([{ name: 'Invitada del Valle S.A. de C.V.', rfc: 'IVA010101AB1' }]);
    expect(detail.bidders).toEqual([
      { name: 'Gapodhi S.A DE C.V.', rfc: 'GAP1302158X5', isWinner: true },
      { name: 'Rosa Competidora Ruiz', rfc: 'CORR800101X1Z', isWinner: false },
    ]);
    expect(detail.clarificationAttendees).toEqual([{ name: 'Asistente Norte S.C.', rfc: null }]);
    expect(detail.clarificationOfficials).toEqual([
      { name: 'Laura Servidora Pública', rfc: null, post: 'Jefa de Adquisiciones' },
    ]);
    expect(detail.amendments).toMatchObject([{ number: 'CM-2025-01', object: 'Ampliación del monto' }]);
    expect(detail.beneficialOwners.length).toBeGreaterThan(0);
    expect(detail.budgetLines.length).toBeGreaterThan(0);
  });

  it('the next quarter creates only its new rows; a year outside every administration is an error until one is chosen', async () => {
    const organizationId = await monitor();
    await load(organizationId, fixture('semarnath-2024-1'), { administrationPeriod: '2022-2028' });
    await confirm(organizationId);
    // The next quarter's file: the same workbook with two new contracts among the old rows.
    const next = await changedPntFixture('semarnath-2024-1', (sheet) => {
      const numberColumn = headerColumn(sheet, 'Número que identifique al contrato');
      sheet.getRow(8).getCell(numberColumn).value = 'SEMARNATH-2024-NUEVO-1';
      sheet.getRow(9).getCell(numberColumn).value = 'SEMARNATH-2024-NUEVO-2';
    });
    const nextInfo = await load(organizationId, next, { name: 'semarnath-2024-2.xlsx' });
    // No period chosen, and the monitor's only administration (2022-2028) includes 2024.
    expect(nextInfo.current.summary).toMatchObject({ newContractsCount: 2, skippedContractsCount: 14 });
    expect(await confirm(organizationId)).toMatchObject({ contracts: 2 });

    // Another monitor with no administration covering 2024: each row says so, until one is chosen.
    const other = await monitor();
    const refused = await load(other, fixture('semarnath-2024-1'));
    expect(refused.current.summary).toMatchObject({ newContractsCount: 0, errorsCount: 16 });
    const [first] = await reviewRows(other);
    expect(first!.data.administration!.errors).toEqual([noPeriodError('2024')]);
    expect((await call('POST', 'cancel-current', other)).statusCode).toBe(200);
    const chosen = await load(other, fixture('semarnath-2024-1'), { administrationPeriod: '2024-2030' });
    expect(chosen.current.summary).toMatchObject({ newContractsCount: 16, errorsCount: 0 });
    expect(chosen.current.messages).toContain(
      'Administración indicada al cargar el archivo: 2024-2030, para todos los registros.',
    );
    expect((await call('POST', 'cancel-current', other)).statusCode).toBe(200);
    // The first monitor is untouched by the other's loads.
    expect((await holdings(organizationId)).contracts).toBe(18);
  });

  it('refuses an administration period that is not YYYY-YYYY, and keeps a row without a contract number by its data', async () => {
    const organizationId = await monitor();
    const { payload, contentType } = multipart(fixture('ceaa-2023-2'), { administrationPeriod: '2028-2022' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/data-load/upload',
      headers: { ...bearer(token, organizationId), 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^La administración debe tener el formato AAAA-AAAA/);

    const numberless = await changedPntFixture('ceaa-2023-2', (sheet) => {
      sheet.getRow(8).getCell(headerColumn(sheet, 'Número que identifique al contrato')).value = null;
    });
    const info = await load(organizationId, numberless, { administrationPeriod: '2022-2028' });
    expect(info.current.summary).toMatchObject({ newContractsCount: 3, errorsCount: 0 });
    const [row] = await reviewRows(organizationId);
    expect(row!.data.contractNumber!.infos).toContain(NO_NUMBER_INFO);
    await confirm(organizationId);
    // Loaded again, the numberless contract is known by its data.
    const again = await load(organizationId, numberless, { administrationPeriod: '2022-2028' });
    expect(again.current.summary).toMatchObject({ newContractsCount: 0, skippedContractsCount: 3 });
  });

  it('loads several workbooks at once: one review, each row with its file and row number, one confirm', async () => {
    const organizationId = await monitor();
    const names = ['ceaa-2023-1', 'ceaa-2023-2', 'semarnath-2024-1'];
    const { payload, contentType } = multipartFiles(
      names.map((name) => ({ name: `${name}.xlsx`, data: fixture(name) })),
      { administrationPeriod: '2022-2028' },
    );
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/data-load/upload',
      headers: { ...bearer(token, organizationId), 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    await ctx.app.deps.jobs.idle(60_000);
    const info = (await call('GET', 'current-info', organizationId)).json().data;
    expect(info.current.fileName).toBe(
      '3 archivos: ceaa-2023-1.xlsx, ceaa-2023-2.xlsx, semarnath-2024-1.xlsx',
    );
    // 6 + 3 + 16 contracts; CEAA's one supplier of its direct awards is new once; SEMARNATH's note apart.
    expect(info.current.summary).toMatchObject({
      newContractsCount: 25,
      newSuppliersCount: 6 + 1 + 13,
      errorsCount: 0,
      notContractsCount: 1,
    });
    expect(info.current.messages.filter((message: string) => message.includes('Se reconoció'))).toEqual([
      '«ceaa-2023-1.xlsx»: Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2021, licitación e invitación).',
      '«ceaa-2023-2.xlsx»: Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2021, adjudicación directa).',
      '«semarnath-2024-1.xlsx»: Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2024, formato único).',
    ]);
    // Pages follow the files' order, each row with its file and its own row number.
    const first = await reviewRows(organizationId);
    expect(first.map((row) => [row.fileName, row.rowIndex])).toEqual([
      ...[8, 9, 10, 11, 12, 13].map((row) => ['ceaa-2023-1.xlsx', row]),
      ...[8, 9, 10].map((row) => ['ceaa-2023-2.xlsx', row]),
      ['semarnath-2024-1.xlsx', 8],
    ]);
    const apart = await reviewRows(
      organizationId,
      '&showNoIssues=false&showSkipped=false&showErrors=false&showNotContracts=true',
    );
    expect(apart.map((row) => [row.fileName, row.rowIndex])).toEqual([['semarnath-2024-1.xlsx', 24]]);
    expect(await confirm(organizationId)).toMatchObject({ contracts: 25 });
    expect((await holdings(organizationId)).amount).toBe(1_406_490.21 + 1_786.4 + 628_960.08);
  });

  it('refuses more than 20 files, and names the file that is not a spreadsheet', async () => {
    const organizationId = await monitor();
    const post = (files: { name: string; data: Buffer }[]) => {
      const { payload, contentType } = multipartFiles(files);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/data-load/upload',
        headers: { ...bearer(token, organizationId), 'content-type': contentType },
        payload,
      });
    };
    const many = await post(
      Array.from({ length: 21 }, (_, index) => ({ name: `t${index}.xlsx`, data: fixture('ceaa-2023-2') })),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('Puedes cargar hasta 20 archivos a la vez (25 MB en total).');
    const mixed = await post([
      { name: 'ceaa-2023-2.xlsx', data: fixture('ceaa-2023-2') },
      { name: 'foto.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
    ]);
    expect(mixed.statusCode).toBe(415);
    expect(mixed.json().message).toBe(
      '«foto.png»: Por favor selecciona un archivo de hoja de cálculos para la carga de datos (.xls o .xlsx)',
    );
    expect((await call('GET', 'current-info', organizationId)).json().data.current).toBeNull();
  });

  it('writes the contracts and their sub-tables all or nothing: a failure among the bidders leaves nothing', async () => {
    const { db } = ctx.database;
    const organizationId = await monitor();
    await load(organizationId, fixture('ceaa-2023-1'), { administrationPeriod: '2022-2028' });
    // The database refuses one bidder, after the contracts of the page were inserted.
    await db.execute(sql`
      CREATE OR REPLACE FUNCTION test_fail_party() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'SEYM DE MÉXICO S.A. DE C.V.' THEN RAISE EXCEPTION 'falla inyectada'; END IF;
        RETURN NEW;
      END $$`);
    await db.execute(
      sql`CREATE TRIGGER test_fail_party BEFORE INSERT ON contract_parties FOR EACH ROW EXECUTE FUNCTION test_fail_party()`,
    );
    const failed = await call('POST', 'confirm-current', organizationId, {});
    await db.execute(sql`DROP TRIGGER test_fail_party ON contract_parties`);
    expect(failed.statusCode).toBe(500);
    expect(await holdings(organizationId)).toMatchObject({ contracts: 0, suppliers: 0, parties: {} });
    expect((await call('GET', 'current-info', organizationId)).json().data.current.status).toBe('CURRENT');
    // Once the database takes it, the same load is confirmed whole.
    expect(await confirm(organizationId)).toMatchObject({ contracts: 6 });
    expect((await holdings(organizationId)).parties).toEqual(CEAA_2023_1_HOLDINGS.parties);
  });

  it('loads back a corrected validations download of a format-28 load whole: its rules, sub-tables and open contracts', async () => {
    const organizationId = await monitor();
    // ANA's row (9) published an impossible contract date: an error to correct.
    const misdated = await changedPntFixture('ceaa-2023-1', (sheet) => {
      sheet.getRow(9).getCell(headerColumn(sheet, 'Fecha del contrato')).value = '31/02/2023';
    });
    const first = await load(organizationId, misdated, { administrationPeriod: '2022-2028' });
    expect(first.current.summary).toMatchObject({ newContractsCount: 5, errorsCount: 1 });

    const download = await call('GET', 'download-validations', organizationId);
    expect(download.statusCode).toBe(200);
    const validations = new ExcelJS.Workbook();
    await validations.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    expect(validations.getWorksheet('Formato 28 (Vigía)')?.state).toBe('hidden');
    const sheet = validations.worksheets[0]!;
    const c21 = CONTRACT_SHEET_COLUMNS.findIndex((column) => column.code === 'C21') + 1;
    expect(sheet.getRow(4).getCell(c21).value).toBe('31/02/2023');
    sheet.getRow(4).getCell(c21).value = '31/03/2023';
    const { payload, contentType } = multipart(Buffer.from(await validations.xlsx.writeBuffer()), {
      idDataLoad: first.current._id,
      name: 'validaciones.xlsx',
    });
    const corrected = await ctx.app.inject({
      method: 'POST',
      url: '/api/data-load/upload',
      headers: { ...bearer(token, organizationId), 'content-type': contentType },
      payload,
    });
    expect(corrected.statusCode, corrected.body).toBe(202);
    await ctx.app.deps.jobs.idle(60_000);
    const info = (await call('GET', 'current-info', organizationId)).json().data;
    // Under the format's rules (no unit type asked), every row new, the sub-tables kept.
    expect(info.current.summary).toMatchObject({ newContractsCount: 6, errorsCount: 0 });
    expect(info.current.messages[0]).toMatch(/^Correcciones de una carga del Formato 28/);
    await confirm(organizationId);
    expect(await holdings(organizationId)).toEqual(CEAA_2023_1_HOLDINGS);
    const [open] = await ctx.database.db
      .select({ n: count() })
      .from(contracts)
      .where(and(eq(contracts.organizationId, organizationId), eq(contracts.contractType, 'OPEN')));
    expect(open!.n).toBe(3);
  });
});
