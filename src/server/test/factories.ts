import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { administrativeUnits, contracts, files, organizations, suppliers } from '../db/schema';
import { fileStore } from '../lib/file-store';
import { bulkInsert, bulkInsertAll } from '../seed/bulk';
import { generateSuppliers, generateUnits } from '../seed/catalogue-generator';
import { CONTRACT_COLUMNS, SUPPLIER_COLUMNS, UNIT_COLUMNS } from '../seed/columns';
import { generateContracts } from '../seed/contract-generator';
import { Random } from '../seed/random';
import type { GeneratorSpec } from '../seed/rows';

/**
 * Rows for tests, with sensible defaults and overrides. Each test creates the organizations it
 * needs, so tests never depend on each other's data.
 */
let sequence = 0;
const unique = () =>
  `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;

export async function createOrganization(
  db: Database,
  overrides: Partial<typeof organizations.$inferInsert> = {},
) {
  const suffix = unique();
  const [row] = await db
    .insert(organizations)
    .values({ name: `Municipio de Prueba ${suffix}`, shortName: 'PRUEBA', ...overrides })
    .returning();
  return row!;
}

export async function createUnit(
  db: Database,
  organizationId: string,
  overrides: Partial<typeof administrativeUnits.$inferInsert> = {},
) {
  const [row] = await db
    .insert(administrativeUnits)
    .values({ organizationId, name: `Dirección de Pruebas ${unique()}`, ...overrides })
    .returning();
  return row!;
}

export async function createSupplier(
  db: Database,
  organizationId: string,
  overrides: Partial<typeof suppliers.$inferInsert> = {},
) {
  const [row] = await db
    .insert(suppliers)
    .values({
      organizationId,
      // Supplier names are capitals only: each digit becomes its own letter, so names stay unique.
      name: `PROVEEDOR DE PRUEBA ${unique()
        .toUpperCase()
        .replace(/[0-9]/g, (digit) => 'QRSTUVWXYZ'[Number(digit)]!)}`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createContract(
  db: Database,
  input: { organizationId: string; unitId: string } & Partial<typeof contracts.$inferInsert>,
) {
  const { organizationId, unitId, ...overrides } = input;
  const [row] = await db
    .insert(contracts)
    .values({
      organizationId,
      procedureType: 'NO_BID',
      category: 'ACQUISITION',
      administrationPeriod: '2021-2024',
      fiscalYear: '2022',
      period: '1o 2022',
      procedureState: 'CONCLUDED',
      organizerAdministrativeUnitId: unitId,
      applicantAdministrativeUnitId: unitId,
      contractNumber: `CTO-${unique()}`,
      contractDate: '2022-02-15',
      contractType: 'NORMAL',
      totalAmount: 1000,
      totalOrMaxAmount: 1000,
      servicesDescription: 'Adquisición de papelería',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createFile(
  db: Database,
  overrides: Partial<typeof files.$inferInsert> & { data?: Buffer; mimeType?: string } = {},
) {
  const { data = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), mimeType, ...values } = overrides;
  const content = await fileStore(db).put(data, {
    mime: mimeType ?? 'image/svg+xml',
    maxBytes: data.length,
  });
  const [row] = await db
    .insert(files)
    .values({ kind: 'COVER', filename: 'portada.svg', contentId: content.id, ...values })
    .returning();
  return row!;
}

/**
 * A monitor with generated contracts of the same kind as the demonstration data (all procedure
 * types and states, amendments, open contracts, empty rows), for tests that check figures.
 */
export async function seedGeneratedMonitor(
  db: Database,
  options: { contracts: number; suppliers: number; seed?: number; name?: string },
) {
  const organization = await createOrganization(db, { name: options.name ?? `Monitor generado ${unique()}` });
  const random = new Random(options.seed ?? 7);
  const spec: GeneratorSpec = {
    organizationId: organization.id,
    code: 'TST',
    slug: 'prueba',
    units: [
      'Dirección de Adquisiciones',
      'Dirección de Obras Públicas',
      'Tesorería Municipal',
      'DIF Municipal',
      'Oficialía Mayor',
    ],
    purchasingUnits: ['Dirección de Adquisiciones', 'Oficialía Mayor'],
    worksUnit: 'Dirección de Obras Públicas',
    administrationPeriods: ['2018-2021', '2021-2024', '2024-2027'],
    lastQuarter: { quarter: 3, year: 2026 },
    supplierCount: options.suppliers,
    amountScale: 1,
  };
  const createdAt = new Date('2018-10-01T00:00:00Z');
  const units = generateUnits(random, spec, createdAt);
  const generatedSuppliers = generateSuppliers(random, spec, createdAt);
  await bulkInsert(db, 'administrative_units', UNIT_COLUMNS, units);
  await bulkInsert(db, 'suppliers', SUPPLIER_COLUMNS, generatedSuppliers);
  await bulkInsertAll(
    db,
    'contracts',
    CONTRACT_COLUMNS,
    generateContracts(random, spec, units, generatedSuppliers, options.contracts),
  );
  const [fresh] = await db.select().from(organizations).where(eq(organizations.id, organization.id));
  return { organization: fresh!, units, suppliers: generatedSuppliers };
}

/**
 * The body of POST /api/contracts/save for a valid public-tender contract of `refs.supplier`
 * convened by `refs.unit` (and requested by `refs.applicant`, else the same unit), with `overrides`.
 */
export function contractEntry(
  refs: { supplier: string; unit: string; applicant?: string },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    supplier: refs.supplier,
    procedureType: 'PUBLIC',
    category: 'ACQUISITION',
    administrationPeriod: '2021-2024',
    fiscalYear: '2022',
    period: '2o 2022',
    contractId: 'LP-001/22',
    procedureState: 'CONCLUDED',
    organizerAdministrativeUnit: refs.unit,
    applicantAdministrativeUnit: refs.applicant ?? refs.unit,
    administrativeUnitType: 'CENTRALIZED',
    areaInCharge: 'Dirección de Adquisiciones',
    servicesDescription: 'Compra de papelería',
    contractType: 'NORMAL',
    contractDate: '2022-05-10',
    contractNumber: `CTO-${randomBytes(4).toString('hex')}`,
    totalAmount: 125_000.5,
    ...overrides,
  };
}
