import * as XLSX from '@e965/xlsx';
import { and, count, eq, isNull } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLoadRowDoc } from '../../../../shared/schemas/data-load';
import { contractParties, contracts, dataLoadRows, dataLoads } from '../../../db/schema';
import { bearer, createUser, signIn } from '../../../test/auth';
import { multipart } from '../../../test/data-load-rows';
import { createOrganization } from '../../../test/factories';
import { changedPntFixture, headerColumn, pntFixture } from '../../../test/pnt-fixtures';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { CORRUPT_WORKBOOK, TOO_LARGE_UNCOMPRESSED, tooManyRows } from '../sheet/workbook';
import { danglingIdInfo } from './mapping';
import { headersNotFound, missingSubTableInfo } from './reader';

/**
 * Format-28 files as they go wrong (issue 30, 'Bad input'): each answered with a clear Spanish
 * message, and nothing written that should not be. The real fixtures are changed the way a body or
 * a person changes them.
 */

const fixture = pntFixture;
const columnOf = headerColumn;
/** A fixture changed by `change` (given the whole workbook). */
const changed = (name: string, change: (book: ExcelJS.Workbook) => void) =>
  changedPntFixture(name, (_main, book) => change(book));

describe('format-28 files that go wrong', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    token = await signIn(ctx.app, (await createUser(ctx.database.db, { permissions: ['CONTRACTS'] })).email);
  });
  afterAll(() => ctx.close());

  /** The bidders, invited, beneficial owners… a monitor's contracts keep. */
  const parties = async (organizationId: string) =>
    (
      await ctx.database.db
        .select({ n: count() })
        .from(contractParties)
        .where(eq(contractParties.organizationId, organizationId))
    )[0]!.n;
  const upload = async (organizationId: string, file: Buffer, name = 'formato-28.xlsx') => {
    const { payload, contentType } = multipart(file, { name, administrationPeriod: '2016-2030' });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/data-load/upload',
      headers: { ...bearer(token, organizationId), 'content-type': contentType },
      payload,
    });
  };
  /** Uploads, waits for the reading, gives the load's info. */
  const load = async (organizationId: string, file: Buffer, name?: string) => {
    const response = await upload(organizationId, file, name);
    expect(response.statusCode, response.body).toBe(202);
    await ctx.app.deps.jobs.idle(60_000);
    return (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/data-load/current-info',
        headers: bearer(token, organizationId),
      })
    ).json().data;
  };
  const rows = async (organizationId: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/data-load/current',
        headers: bearer(token, organizationId),
      })
    ).json().data.docs as DataLoadRowDoc[];
  const confirm = (organizationId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/data-load/confirm-current',
      headers: bearer(token, organizationId),
      payload: {},
    });
  const monitor = async () => (await createOrganization(ctx.database.db)).id;
  const written = async (organizationId: string) => {
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(contracts)
      .where(and(eq(contracts.organizationId, organizationId), isNull(contracts.deletedAt)));
    return row!.n;
  };

  it('loads the contracts when a sub-table sheet is missing, and says which', async () => {
    const organizationId = await monitor();
    const file = await changed('ceaa-2023-1', (book) =>
      book.removeWorksheet(book.getWorksheet('Tabla_492867')!.id),
    );
    const info = await load(organizationId, file);
    expect(info.current.summary).toMatchObject({ newContractsCount: 6, errorsCount: 0 });
    expect(info.current.messages).toContain(
      missingSubTableInfo('Tabla_492867', 'Personas físicas o morales con proposición u oferta'),
    );
    expect((await confirm(organizationId)).statusCode).toBe(200);
    const roles = await ctx.database.db
      .select({ role: contractParties.role, n: count() })
      .from(contractParties)
      .where(eq(contractParties.organizationId, organizationId))
      .groupBy(contractParties.role);
    // The other sub-tables are kept; no bids.
    expect(Object.fromEntries(roles.map((row) => [row.role, row.n]))).toEqual({
      INVITED: 4,
      CLARIFICATION_ATTENDEE: 4,
      CLARIFICATION_OFFICIAL: 58,
    });
  });

  it('tells an ID that points nowhere as an info, and takes the placeholders and 0 as none', async () => {
    const organizationId = await monitor();
    const file = await changed('ceaa-2023-1', (book) => {
      const sheet = book.getWorksheet('Reporte de Formatos')!;
      // Row 8's bids point at ID 99, which Tabla_492867 does not have; row 9's say 'Colocar el ID…'.
      sheet.getRow(8).getCell(columnOf(sheet, 'Personas físicas o morales con proposición')).value = 99;
      sheet.getRow(9).getCell(columnOf(sheet, 'Personas físicas o morales con proposición')).value =
        'Colocar el ID de los registros de la Tabla_492867';
    });
    await load(organizationId, file);
    const [first, second] = await rows(organizationId);
    expect(first!.status).toBe('NO_ISSUES');
    expect(first!.data.contractId!.infos).toContain(danglingIdInfo('99', 'bidders'));
    expect(second!.data.contractId!.infos).toEqual([]);
    expect((await confirm(organizationId)).statusCode).toBe(200);
    // ID 2's two bids are not kept (row 9 holds the placeholder); ID 1's are nobody's now.
    const [bids] = await ctx.database.db
      .select({ n: count() })
      .from(contractParties)
      .where(and(eq(contractParties.organizationId, organizationId), eq(contractParties.role, 'BIDDER')));
    expect(bids!.n).toBe(7 - 1 - 2);
  });

  it('finds the headers moved down to row 9, and columns renamed by the body', async () => {
    const organizationId = await monitor();
    const file = await changed('semarnath-2024-1', (book) => {
      const sheet = book.getWorksheet('Reporte de Formatos')!;
      sheet.getRow(7).getCell(columnOf(sheet, 'Denominación o razón social')).value =
        'Razón social de la persona moral';
      sheet.getRow(7).getCell(columnOf(sheet, 'Monto total del contrato con impuestos')).value =
        'Monto total del contrato con IVA';
      sheet.getRow(7).getCell(columnOf(sheet, 'Nota')).value = 'Observaciones generales';
      sheet.spliceRows(1, 0, [], []);
    });
    const info = await load(organizationId, file);
    expect(info.current.summary).toMatchObject({
      newContractsCount: 16,
      errorsCount: 0,
      notContractsCount: 1,
    });
    expect(info.current.messages.find((message: string) => message.startsWith('Se ignoraron'))).toContain(
      'Observaciones generales',
    );
    const [first] = await rows(organizationId);
    expect(first!.rowIndex).toBe(10);
    expect(first!.data.supplierName!.value).toBe('José Luis Lara Hernández');
    expect(first!.data.totalOrMaxAmount!.value).toBe('70000');
  });

  it("refuses a sheet of 200,001 rows, a workbook without the format's headers, a protected one and a zip bomb", async () => {
    const organizationId = await monitor();
    // The headers in row 7 and a row 200,008: 200,001 rows of data (empty ones are rows too).
    const long = await changed('semarnath-2024-1', (book) => {
      book.getWorksheet('Reporte de Formatos')!.getCell('A200008').value = 2024;
    });
    const tooLong = await load(organizationId, long);
    expect(tooLong.current).toBeNull();
    expect(tooLong.failed.message).toBe(tooManyRows(200_000));

    // Named as the platform names it, but its headers are gone.
    const headless = await changed('ceaa-2023-2', (book) => {
      book.getWorksheet('Reporte de Formatos')!.spliceRows(7, 1);
    });
    const noHeaders = await load(organizationId, headless);
    expect(noHeaders.failed.message).toBe(headersNotFound('Reporte de Formatos'));

    // A password-protected workbook: Excel saves it as a compound file with the encrypted package.
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, 'EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
    XLSX.CFB.utils.cfb_add(cfb, 'EncryptedPackage', Buffer.alloc(4_096, 7));
    const locked = Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
    const protectedLoad = await load(organizationId, locked, 'protegido.xlsx');
    expect(protectedLoad.failed.message).toBe(CORRUPT_WORKBOOK);

    // A zip bomb dressed as .ods: its directory announces gigabytes once inflated.
    const ods = XLSX.write(XLSX.utils.book_new([[1]]) as XLSX.WorkBook, {
      bookType: 'ods',
      type: 'buffer',
    }) as Buffer;
    const end = ods.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const directory = ods.readUInt32LE(end + 16);
    ods.writeUInt32LE(0xf0000000, directory + 24);
    const bombed = await upload(organizationId, ods, 'bomba.ods');
    expect(bombed.statusCode).toBe(422);
    expect(bombed.json().message).toBe(TOO_LARGE_UNCOMPRESSED);

    expect(await written(organizationId)).toBe(0);
    const staged = await ctx.database.db
      .select({ n: count() })
      .from(dataLoadRows)
      .innerJoin(dataLoads, eq(dataLoads.id, dataLoadRows.dataLoadId))
      .where(eq(dataLoads.organizationId, organizationId));
    expect(staged[0]!.n).toBe(0);
  });

  it('reads the sheet saved as a CSV in Latin-1 with semicolons: the contracts, without the sub-tables', async () => {
    const organizationId = await monitor();
    const book = XLSX.read(fixture('semarnath-2024-1'), { cellDates: true, dateNF: 'dd/mm/yyyy' });
    const csv = XLSX.utils.sheet_to_csv(book.Sheets['Reporte de Formatos']!, {
      FS: ';',
      dateNF: 'dd/mm/yyyy',
    });
    const latin1 = Buffer.from(csv, 'latin1');
    // Latin-1 indeed: 'Adrían' is one byte (0xED), not UTF-8's two.
    expect(latin1.includes(Buffer.from([0x41, 0x64, 0x72, 0xed, 0x61, 0x6e]))).toBe(true);
    const info = await load(organizationId, latin1, 'semarnath.csv');
    expect(info.current.messages[0]).toBe(
      'Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2024, formato único).',
    );
    expect(info.current.summary).toMatchObject({
      newContractsCount: 16,
      errorsCount: 0,
      notContractsCount: 1,
    });
    const page = await rows(organizationId);
    expect(
      page.find((row) => row.data.supplierRfc!.value === 'MAZA810414A93')!.data.supplierName!.value,
    ).toBe('Adrían Martinez Zuñiga');
    expect(page[0]!.data.period!.value).toBe('3o 2024');
    expect((await confirm(organizationId)).statusCode).toBe(200);
    expect(await written(organizationId)).toBe(16);
    expect(await parties(organizationId)).toBe(0);
  });

  it('reads the workbook saved as .ods, with its sub-tables, as it reads the .xlsx', async () => {
    const organizationId = await monitor();
    const ods = Buffer.from(
      XLSX.write(XLSX.read(fixture('semarnath-2024-1')), {
        bookType: 'ods',
        type: 'buffer',
        compression: true,
      }),
    );
    const info = await load(organizationId, ods, 'semarnath.ods');
    expect(info.current.messages[0]).toBe(
      'Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2024, formato único).',
    );
    expect(info.current.summary).toMatchObject({
      newContractsCount: 16,
      errorsCount: 0,
      notContractsCount: 1,
    });
    const page = await rows(organizationId);
    expect(page[0]!.data.period!.value).toBe('3o 2024');
    expect((await confirm(organizationId)).statusCode).toBe(200);
    expect(await written(organizationId)).toBe(16);
    // Its sub-tables came along: as many bidders, invited and beneficial owners as from the .xlsx.
    const fromXlsx = await monitor();
    await load(fromXlsx, fixture('semarnath-2024-1'));
    expect((await confirm(fromXlsx)).statusCode).toBe(200);
    expect(await parties(fromXlsx)).toBeGreaterThan(0);
    expect(await parties(organizationId)).toBe(await parties(fromXlsx));
  });
});
