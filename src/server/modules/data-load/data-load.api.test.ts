import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_SHEET_COLUMNS } from '../../../shared/contracts/fields';
import { SUPPLIER_MESSAGES } from '../../../shared/schemas/catalogues';
import { DATA_LOAD_MESSAGES, type DataLoadRowDoc } from '../../../shared/schemas/data-load';
import {
  administrativeUnits,
  contracts,
  dataLoadRows,
  dataLoads,
  documentSources,
  files,
  notifications,
  suppliers,
} from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import { multipart, uploadRows, VALID_CELLS, workbook } from '../../test/data-load-rows';
import { createContract, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/test-app';
import { NO_NUMBER_INFO } from './sheet/rows';
import {
  CORRUPT_WORKBOOK,
  EMPTY_SHEET,
  NOT_A_SPREADSHEET,
  TOO_LARGE_UNCOMPRESSED,
  tooManyRows,
} from './sheet/workbook';

/** A workbook like the template: codes in row 1, headers in row 2, then the rows. */
const row = (changes: Record<string, unknown>) => ({ ...VALID_CELLS, ...changes });

describe('/api/data-load', () => {
  let ctx: TestContext;
  let organizationId: string;
  let otherOrganizationId: string;
  let token: string;
  let readerToken: string;

  beforeAll(async () => {
    // Pages of 8 rows: every confirm here runs over several (the next page read and prepared while
    // one is written; new suppliers inserted with the page that first meets them).
    ctx = await createTestApp({ config: { dataLoad: { confirmPageRows: 8 } } });
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    otherOrganizationId = (await createOrganization(db)).id;
    token = await signIn(
      ctx.app,
      (await createUser(db, { permissions: ['CONTRACTS'], name: 'Lucía', lastName: 'Carga' })).email,
    );
    readerToken = await signIn(ctx.app, (await createUser(db, { permissions: ['SUPPLIERS'] })).email);
  });
  afterAll(() => ctx.close());

  const upload = (
    file: Buffer | null,
    options: { organization?: string; as?: string; idDataLoad?: string; name?: string } = {},
  ) => {
    const { payload, contentType } = multipart(file, options);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/data-load/upload',
      headers: {
        ...bearer(options.as ?? token, options.organization ?? organizationId),
        'content-type': contentType,
      },
      payload,
    });
  };
  const call = (
    method: 'GET' | 'POST',
    path: string,
    options: { organization?: string; as?: string; payload?: object } = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/data-load/${path}`,
      headers: bearer(options.as ?? token, options.organization ?? organizationId),
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const info = async (organization = organizationId) =>
    (await call('GET', 'current-info', { organization })).json().data;
  /** Uploads and waits for the reading job; returns the load's info. */
  const loaded = async (file: Buffer, options: { idDataLoad?: string } = {}) => {
    const response = await upload(file, options);
    expect(response.statusCode, response.body).toBe(202);
    await ctx.app.deps.jobs.idle(60_000);
    return info();
  };
  const rows = async (query = '') => (await call('GET', `current${query}`)).json().data;
  const cancel = () => call('POST', 'cancel-current');
  const confirm = (ignoreErrors?: boolean) =>
    call('POST', 'confirm-current', { payload: ignoreErrors === undefined ? {} : { ignoreErrors } });

  it('reads a sheet with one row per rule into the exact summary and messages, then confirms it all at once', async () => {
    const { db } = ctx.database;
    await createSupplier(db, organizationId, { name: 'CONSTRUCTORA EXISTENTE', rfc: 'CEX010101AAA' });
    const file = await workbook([
      row({}), // 3: new contract, new supplier, new unit
      row({
        C20: 'CTO-002',
        C15: 'Constructora Existente S.A. de C.V.',
        C16: 'CEX010101AAA',
        C9: 'https://transparencia.example.org/convocatorias/cto-002.pdf',
      }), // 4: existing supplier, a document link
      row({ C20: 'CTO-001' }), // 5: repeats row 3 → skipped
      row({ C20: 'NA', C11: 'Sin número' }), // 6: no number → fingerprint
      row({ C20: 'N/A', C11: 'Sin número' }), // 7: the same contract without number → skipped
      row({ C20: 'CTO-003', C21: '31/02/2019' }), // 8: impossible date → error
      row({ C20: 'CTO-004', C22: '1,2,3', C25: '1,2,3' }), // 9: unreadable amount → error
      row({ C20: 'CTO-005', C11: '=HYPERLINK("http://evil")', C17: 'Tesorería', C18: 'Tesorería' }), // 10: text, new unit
      {}, // blank row: skipped silently
      row({ C20: 'CTO-006', C1: 'Subasta' }), // 12: unknown choice → error
    ]);
    const response = await upload(file);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().data.current.status).toBe('UPLOADING');
    await ctx.app.deps.jobs.idle(60_000);
    const state = await info();
    expect(state.failed).toBeNull();
    const current = state.current;
    expect(current.status).toBe('CURRENT');
    expect(current.fileName).toBe('contratos.xlsx');
    expect(current.uploadedBy).toBe('Lucía Carga');
    expect(current.summary).toEqual({
      newContractsCount: 4,
      newSuppliersCount: 1,
      newAdministrativeUnitsCount: 2,
      skippedContractsCount: 2,
      skippedSuppliersCount: 1,
      skippedAdministrativeUnitsCount: 0,
      errorsCount: 3,
      notContractsCount: 0,
    });

    const page = await rows();
    expect(page.total).toBe(9);
    expect(page.pages).toBe(1);
    const byIndex = new Map(page.docs.map((doc: { rowIndex: number }) => [doc.rowIndex, doc]));
    expect([...byIndex.keys()]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 12]);
    const at = (index: number) => byIndex.get(index) as DataLoadRowDoc;
    const cell = (index: number, field: string) => at(index).data[field]!;
    expect(at(3).status).toBe('NO_ISSUES');
    expect(at(3).willCreateDoc).toBe(true);
    expect(cell(3, 'supplierName')).toEqual({
      value: 'Limpieza Total, S.A. de C.V.',
      errors: [],
      infos: [],
      shouldCreateDoc: true,
    });
    expect(cell(3, 'organizerAdministrativeUnit').shouldCreateDoc).toBe(true);
    expect(cell(4, 'supplierName').shouldCreateDoc).toBe(false);
    expect(at(5)).toMatchObject({ status: 'SKIPPED', skipRow: true, willCreateDoc: false });
    expect(cell(6, 'contractNumber').infos).toContain(NO_NUMBER_INFO);
    expect(at(6).status).toBe('NO_ISSUES');
    expect(at(7).status).toBe('SKIPPED');
    expect(at(8)).toMatchObject({ status: 'ERROR', hasErrors: true });
    expect(cell(8, 'contractDate').errors).toEqual(['La fecha no tiene un formato válido (dd/mm/aaaa)']);
    expect(cell(9, 'totalAmount').errors[0]).toMatch(/monto no tiene un formato válido/);
    expect(cell(10, 'servicesDescription').value).toBe('=HYPERLINK("http://evil")');
    // The options in the template's words (its drop-down and instructions).
    expect(cell(12, 'procedureType').errors).toEqual([
      'El valor indicado no se encuentra en las opciones permitidas para este campo. Opciones: Pública, Por invitación, Adjudicación Directa.',
    ]);

    // Filters and search.
    expect((await rows('?showNoIssues=false&showSkipped=false')).total).toBe(3);
    expect((await rows('?showErrors=false')).total).toBe(6);
    expect((await rows('?showNoIssues=false&showSkipped=false&showErrors=false')).total).toBe(0);
    expect((await rows('?search=TESORERIA')).docs.map((doc: { rowIndex: number }) => doc.rowIndex)).toEqual([
      10,
    ]);

    // With errors, confirm needs the explicit choice.
    const refused = await confirm();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(DATA_LOAD_MESSAGES.errorsNeedChoice);

    const confirmed = await confirm(true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.created).toEqual({
      contracts: 4,
      suppliers: 1,
      administrativeUnits: 2,
      skipped: 0,
    });
    expect(confirmed.json().data.current).toBeNull();
    expect(confirmed.json().data.recent.recentUploadedBy).toBe('Lucía Carga');
    // The confirmed contracts' document links wait for their copies (decision 0037).
    expect(
      await db
        .select({ url: documentSources.url, state: documentSources.state })
        .from(documentSources)
        .where(eq(documentSources.organizationId, organizationId)),
    ).toEqual([{ url: 'https://transparencia.example.org/convocatorias/cto-002.pdf', state: 'PENDING' }]);

    const live = await db
      .select({
        number: contracts.contractNumber,
        amount: contracts.totalOrMaxAmount,
        supplier: contracts.supplierId,
      })
      .from(contracts)
      .where(and(eq(contracts.organizationId, organizationId), isNull(contracts.deletedAt)));
    expect(live.map((contract) => contract.number ?? '(sin número)').sort()).toEqual([
      '(sin número)',
      'CTO-001',
      'CTO-002',
      'CTO-005',
    ]);
    const supplierNames = (
      await db
        .select({ name: suppliers.name })
        .from(suppliers)
        .where(eq(suppliers.organizationId, organizationId))
    ).map((supplier) => supplier.name);
    expect(supplierNames.sort()).toEqual(['CONSTRUCTORA EXISTENTE', 'Limpieza Total, S.A. de C.V.']);
    const units = await db
      .select({ name: administrativeUnits.name })
      .from(administrativeUnits)
      .where(eq(administrativeUnits.organizationId, organizationId));
    expect(units.map((unit) => unit.name).sort()).toEqual(['Dirección de Administración', 'Tesorería']);
    // The staged rows are gone; the public list shows the contracts at once.
    expect(await db.select().from(dataLoadRows)).toHaveLength(0);
    const publicList = await ctx.app.inject({
      method: 'GET',
      url: '/public-api/contracts/list?search=CTO-002',
      headers: { 'x-current-organization-id': organizationId },
    });
    expect(publicList.json().data.docs).toHaveLength(1);
    const messages = (
      await db
        .select({ message: notifications.message })
        .from(notifications)
        .where(eq(notifications.organizationId, organizationId))
    ).map((notification) => notification.message);
    expect(
      messages.some((message) =>
        message.startsWith('Lucía Carga confirmó la carga del archivo «contratos.xlsx»: 4 contratos'),
      ),
    ).toBe(true);

    // The same file again creates nothing: every valid row is a duplicate now.
    const again = (await loaded(file)).current;
    expect(again.summary).toMatchObject({ newContractsCount: 0, skippedContractsCount: 6, errorsCount: 3 });
    expect((await cancel()).statusCode).toBe(200);
  });

  it("creates suppliers under the catalogue's name rule: each can be saved again unchanged, a formula is refused alike", async () => {
    const names = ['PROVEEDOR P3 K20 0', '3M MEXICO', 'GRUPO 2000, S.A. DE C.V.'];
    const formula = '=HYPERLINK("http://evil.example","3M")';
    const { current } = await loaded(
      await workbook([
        ...names.map((name, index) => row({ C20: `NOMBRE-${index}`, C15: name, C16: null })),
        row({ C20: 'NOMBRE-F', C15: formula, C16: null }),
      ]),
    );
    expect(current.summary).toMatchObject({ newSuppliersCount: 3, errorsCount: 1 });
    const refused = ((await rows()).docs as DataLoadRowDoc[]).find((doc) => doc.hasErrors)!;
    expect(refused.data.supplierName!.errors).toEqual([SUPPLIER_MESSAGES.nameFormat]);
    expect((await confirm(true)).statusCode).toBe(200);

    const catalogue = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/suppliers/save',
        headers: bearer(readerToken, organizationId),
        payload,
      });
    const created = await ctx.database.db
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.organizationId, organizationId), inArray(suppliers.name, names)));
    expect(created.map((supplier) => supplier.name).sort()).toEqual([...names].sort());
    for (const supplier of created) {
      const saved = await catalogue({
        _id: supplier.id,
        name: supplier.name,
        rfc: supplier.rfc,
        notes: null,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.name).toBe(supplier.name);
    }
    const typed = await catalogue({ name: formula });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors).toEqual([{ path: 'body.name', message: SUPPLIER_MESSAGES.nameFormat }]);
  });

  it("loads a copy of the original's template with rows filled in, and the template download", async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(import.meta.dirname, 'fixtures', 'karewa-template.xlsx'));
    const sheet = book.worksheets[0]!;
    const codes = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    for (const [offset, number] of ['KAREWA-1', 'KAREWA-2'].entries()) {
      const cells = row({ C20: number, C21: new Date(Date.UTC(2019, 2, 15 + offset)) });
      codes.forEach((code, index) => {
        if (cells[code] !== undefined)
          sheet.getRow(3 + offset).getCell(index + 1).value = cells[code] as ExcelJS.CellValue;
      });
    }
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    const { current } = await loaded(filled);
    expect(current.summary).toMatchObject({ newContractsCount: 2, errorsCount: 0 });
    expect((await cancel()).statusCode).toBe(200);

    const template = await call('GET', 'download-plantilla');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toBe(
      'attachment; filename="plantilla-carga-de-datos.xlsx"',
    );
    const ours = new ExcelJS.Workbook();
    await ours.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(ours.worksheets.map((worksheet) => worksheet.name)).toEqual(['Contratos', 'Instrucciones']);
  });

  it('reads a formula by its saved result (also one pointing to another workbook) and refuses an overlong cell', async () => {
    const { current } = await loaded(
      await workbook([
        row({
          C20: 'FORMULA-1',
          C29: { formula: "'[otro libro.xlsx]Hoja1'!A1", result: 'Nota de otro libro' },
        }),
        row({ C20: 'LARGO-1', C27: 'Área '.repeat(1_000), C11: 'x'.repeat(5_001) }),
      ]),
    );
    expect(current.summary).toMatchObject({ newContractsCount: 1, errorsCount: 1 });
    const docs = (await rows()).docs as DataLoadRowDoc[];
    expect(docs[0]!.data.notes!.value).toBe('Nota de otro libro');
    expect(docs[1]!.data.servicesDescription!.errors).toEqual(['Máximo 5000 caracteres.']);
    expect(docs[1]!.data.areaInCharge!.errors).toEqual(['Máximo 300 caracteres.']);
    expect((await cancel()).statusCode).toBe(200);
  });

  it('skips at confirm a contract whose number or data reached the monitor after the review', async () => {
    const { db } = ctx.database;
    await loaded(
      await workbook([
        row({ C20: 'CARRERA-1' }),
        row({ C20: 'CARRERA-2' }),
        row({ C20: 'NA', C11: 'Sin número, capturado a mano después' }),
        row({ C20: 'N/A', C11: 'Sin número, nuevo' }),
      ]),
    );
    // Meanwhile someone enters CARRERA-1 by hand, and a contract with the third row's data is loaded.
    const unit = await createUnit(db, organizationId);
    await createContract(db, { organizationId, unitId: unit.id, contractNumber: 'CARRERA-1' });
    const [third] = await db
      .select({ contract: dataLoadRows.contract })
      .from(dataLoadRows)
      .where(eq(dataLoadRows.rowIndex, 5));
    await createContract(db, {
      organizationId,
      unitId: unit.id,
      contractNumber: null,
      importFingerprint: third!.contract!.fingerprint,
    });
    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.created).toMatchObject({ contracts: 2, skipped: 2 });
  });

  it('refuses a second upload while one is pending, and two at once give one 409', async () => {
    const file = await workbook([row({ C20: 'DOS-1' })]);
    const [a, b] = await Promise.all([upload(file), upload(file)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const conflict = a.statusCode === 409 ? a : b;
    expect(conflict.json().message).toBe(DATA_LOAD_MESSAGES.inProgress);
    await ctx.app.deps.jobs.idle(60_000);
    expect((await upload(file)).json().message).toBe(DATA_LOAD_MESSAGES.inProgress);
    const [pending] = await ctx.database.db
      .select({ fileId: dataLoads.fileId })
      .from(dataLoads)
      .where(and(eq(dataLoads.organizationId, organizationId), eq(dataLoads.status, 'CURRENT')));
    expect(pending?.fileId).toBeTruthy();
    expect((await cancel()).statusCode).toBe(200);
    expect((await info()).current).toBeNull();
    // A cancelled load's sheet is not kept.
    expect(await ctx.database.db.select().from(files).where(eq(files.id, pending!.fileId!))).toEqual([]);
    expect((await cancel()).json().message).toBe(DATA_LOAD_MESSAGES.notAvailable);
    expect((await confirm(true)).json().message).toBe(DATA_LOAD_MESSAGES.notAvailable);
  });

  it("keeps each monitor's load to itself and needs the CONTRACTS permission", async () => {
    await loaded(await workbook([row({ C20: 'PROPIO-1' })]));
    expect((await info(otherOrganizationId)).current).toBeNull();
    expect((await call('GET', 'current', { organization: otherOrganizationId })).json().data).toEqual({
      docs: [],
      total: 0,
      page: 1,
      pages: 1,
    });
    for (const [method, path] of [
      ['GET', 'current-info'],
      ['GET', 'current'],
      ['POST', 'cancel-current'],
      ['POST', 'confirm-current'],
      ['GET', 'download-validations'],
      ['GET', 'download-plantilla'],
    ] as const)
      expect((await call(method, path, { as: readerToken })).statusCode).toBe(403);
    expect((await upload(await workbook([row({})]), { as: readerToken })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/data-load/current-info' })).statusCode).toBe(
      401,
    );
    expect((await cancel()).statusCode).toBe(200);
  });

  it('answers every bad file with a clear message and changes nothing', async () => {
    const noFile = await upload(null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(DATA_LOAD_MESSAGES.noFile);
    // A binary file that is neither a workbook nor text (an image); text is read as a CSV (issue 30).
    const image = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), {
      name: 'contratos.xlsx',
    });
    expect(image.statusCode).toBe(415);
    expect(image.json().message).toBe(NOT_A_SPREADSHEET);
    const pdf = await upload(Buffer.from('%PDF-1.4\n...'), { name: 'contratos.xls' });
    expect(pdf.json().message).toBe(NOT_A_SPREADSHEET);
    // A zip whose directory announces gigabytes once inflated (a zip bomb) is refused unread.
    const bomb = await workbook([row({})]);
    const end = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const directory = bomb.readUInt32LE(end + 16);
    bomb.writeUInt32LE(0xf0000000, directory + 24);
    const bombed = await upload(bomb);
    expect(bombed.statusCode).toBe(422);
    expect(bombed.json().message).toBe(TOO_LARGE_UNCOMPRESSED);
    // Cut short: the zip's directory is gone.
    const cut = await upload((await workbook([row({})])).subarray(0, 400));
    expect(cut.statusCode).toBe(422);
    expect(cut.json().message).toBe(CORRUPT_WORKBOOK);
    // 250,000 rows (a sparse sheet: its last cell far down) are refused before anything is read.
    const long = new ExcelJS.Workbook();
    const longSheet = long.addWorksheet('Contratos');
    longSheet.addRow(CONTRACT_SHEET_COLUMNS.map((column) => column.code));
    longSheet.getCell('A250002').value = 'Adjudicación directa';
    const tooLong = await upload(Buffer.from(await long.xlsx.writeBuffer()));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe(tooManyRows(200_000));
    const tooLarge = await upload(
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26 * 1024 * 1024)]),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect((await info()).current).toBeNull();

    // Problems found while reading: the load fails with the message; nothing stays pending.
    const empty = await loaded(await workbook([]));
    expect(empty.current).toBeNull();
    expect(empty.failed.message).toBe(EMPTY_SHEET);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Hoja').addRow(['Proveedor', 'Monto']);
    const unknown = await loaded(Buffer.from(await book.xlsx.writeBuffer()));
    expect(unknown.failed.message).toMatch(/^No se encontraron|^Faltan las columnas/);
    const text = await loaded(Buffer.from('Proveedor,Monto\nACME,100\n'));
    expect(text.failed.message).toMatch(/^No se encontraron|^Faltan las columnas/);
    expect(await ctx.database.db.select().from(dataLoadRows)).toHaveLength(0);
  });

  it('downloads the validations, and the fixed file uploaded as corrections replaces the rows', async () => {
    const first = await loaded(
      await workbook([
        row({ C20: 'VAL-1' }),
        row({ C20: 'VAL-2', C21: '31/02/2019' }),
        row({ C20: 'VAL-3', C11: '=1+2', C29: '@SUM(A1)' }),
      ]),
    );
    expect(first.current.summary.errorsCount).toBe(1);
    const download = await call('GET', 'download-validations');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('C1');
    expect(sheet.getRow(2).getCell(35).value).toBe('Errores');
    const dateColumn = CONTRACT_SHEET_COLUMNS.findIndex((column) => column.code === 'C21') + 1;
    const bad = sheet.getRow(4).getCell(dateColumn);
    expect(bad.value).toBe('31/02/2019');
    expect((bad.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFF8C8D8');
    expect(JSON.stringify(bad.note)).toContain('La fecha no tiene un formato válido');
    expect(String(sheet.getRow(4).getCell(35).value)).toContain('La fecha no tiene un formato válido');
    // Text that looks like a formula stays text.
    const description = CONTRACT_SHEET_COLUMNS.findIndex((column) => column.code === 'C11') + 1;
    expect(sheet.getRow(5).getCell(description).value).toBe('=1+2');
    expect(sheet.getRow(5).getCell(description).type).toBe(ExcelJS.ValueType.String);

    bad.value = '28/02/2019';
    const fixed = Buffer.from(await book.xlsx.writeBuffer());
    const corrected = await loaded(fixed, { idDataLoad: first.current._id });
    expect(corrected.current._id).toBe(first.current._id);
    expect(corrected.current.summary).toMatchObject({ newContractsCount: 3, errorsCount: 0 });
    expect((await rows()).total).toBe(3);
    const done = await confirm();
    expect(done.statusCode, done.body).toBe(200);
    const [kept] = await ctx.database.db
      .select({ description: contracts.servicesDescription })
      .from(contracts)
      .where(and(eq(contracts.organizationId, organizationId), eq(contracts.contractNumber, 'VAL-3')));
    expect(kept?.description).toBe('=1+2');
  });

  it('confirms all or nothing: a failure half-way writes nothing and leaves the load pending; two confirms create once', async () => {
    const { db } = ctx.database;
    const numbers = Array.from({ length: 30 }, (_, index) => `TODO-${index}`);
    await loaded(
      // Each with a supplier of its own (no RFC: known by name), new to the monitor.
      await workbook(
        numbers.map((number, index) => row({ C20: number, C15: `Proveedor Nuevo ${index}`, C16: null })),
      ),
    );
    // A contract that fails to insert half-way (a database error at row 20, on the third page).
    await db.execute(sql`
      CREATE OR REPLACE FUNCTION test_fail_contract() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.contract_number = 'TODO-20' THEN RAISE EXCEPTION 'falla inyectada'; END IF;
        RETURN NEW;
      END $$`);
    await db.execute(
      sql`CREATE TRIGGER test_fail_contract BEFORE INSERT ON contracts FOR EACH ROW EXECUTE FUNCTION test_fail_contract()`,
    );
    const failed = await confirm();
    expect(failed.statusCode).toBe(500);
    await db.execute(sql`DROP TRIGGER test_fail_contract ON contracts`);
    const count = async () =>
      (
        await db
          .select({ id: contracts.id })
          .from(contracts)
          .where(and(eq(contracts.organizationId, organizationId), sql`contract_number LIKE 'TODO-%'`))
      ).length;
    expect(await count()).toBe(0);
    expect(
      (
        await db
          .select()
          .from(suppliers)
          .where(and(eq(suppliers.organizationId, organizationId), sql`name LIKE 'Proveedor Nuevo%'`))
      ).length,
    ).toBe(0);
    expect((await info()).current.status).toBe('CURRENT');

    const [a, b] = await Promise.all([confirm(), confirm()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await count()).toBe(30);
    // Every contract with its own new supplier, whichever page met it.
    const pairs = await db
      .select({ number: contracts.contractNumber, supplier: suppliers.name })
      .from(contracts)
      .innerJoin(suppliers, eq(suppliers.id, contracts.supplierId))
      .where(and(eq(contracts.organizationId, organizationId), sql`contract_number LIKE 'TODO-%'`));
    expect(pairs).toHaveLength(30);
    for (const { number, supplier } of pairs)
      expect(supplier).toBe(`Proveedor Nuevo ${number!.replace('TODO-', '')}`);
  });
});

describe('/api/data-load with one database connection', () => {
  it('confirms over several pages, reading each next page in the transaction', async () => {
    const database = await createTestDatabase({ poolMax: 1 });
    const ctx = await createTestApp({ database, config: { dataLoad: { confirmPageRows: 8 } } });
    try {
      const { db } = database;
      const organizationId = (await createOrganization(db)).id;
      const token = await signIn(ctx.app, (await createUser(db, { permissions: ['CONTRACTS'] })).email);
      const headers = bearer(token, organizationId);
      await uploadRows(
        ctx.app,
        headers,
        Array.from({ length: 20 }, (_, index) =>
          row({ C20: `UNA-${index}`, C15: `Proveedor Uno ${index}`, C16: null }),
        ),
      );
      const confirmed = await ctx.app.inject({
        method: 'POST',
        url: '/api/data-load/confirm-current',
        headers,
        payload: {},
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().data.created).toMatchObject({ contracts: 20, suppliers: 20 });
      const stored = await db
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(eq(contracts.organizationId, organizationId), isNull(contracts.deletedAt)));
      expect(stored).toHaveLength(20);
    } finally {
      await ctx.close();
    }
  });
});
