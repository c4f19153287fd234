import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { administrativeUnits, contracts, files, organizations, suppliers } from '../db/schema';

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
      name: `PROVEEDOR DE PRUEBA ${unique()
        .toUpperCase()
        .replace(/[^A-Z]/g, 'X')}`,
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
  overrides: Partial<typeof files.$inferInsert> & { data?: Buffer } = {},
) {
  const data = overrides.data ?? Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
  const [row] = await db
    .insert(files)
    .values({
      kind: 'COVER',
      filename: 'portada.svg',
      mimeType: 'image/svg+xml',
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      ...overrides,
      data,
    })
    .returning();
  return row!;
}
