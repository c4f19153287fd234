import { eq, inArray } from 'drizzle-orm';
import { THEMES } from '../../shared/constants/themes';
import type { Database } from '../db/client';
import { files, organizations, resources } from '../db/schema';
import { fileStore } from '../lib/file-store';
import { insertAssociationTextsIfMissing } from '../modules/about/about.repository';
import { bulkInsert, bulkInsertAll } from './bulk';
import { generateSuppliers, generateUnits } from './catalogue-generator';
import { CONTRACT_COLUMNS, SUPPLIER_COLUMNS, UNIT_COLUMNS } from './columns';
import { generateContracts } from './contract-generator';
import { demoArticleSvg, demoCoverSvg } from './cover';
import { DEMO_ASSOCIATION } from './demo-association';
import {
  DEMO_ADMINISTRATION_PERIODS,
  DEMO_DEFAULT_PERIOD,
  DEMO_LAST_QUARTER,
  DEMO_MONITORS,
  DEMO_RESOURCES,
  DEMO_SEED,
} from './demo-monitors';
import { Random } from './random';
import type { GeneratorSpec } from './rows';

export interface DemoSeedResult {
  organizations: number;
  administrativeUnits: number;
  suppliers: number;
  contracts: number;
  resources: number;
  milliseconds: number;
}

/** When the demonstration monitors "were created": ids and timestamps derive from it, so they never change. */
const DEMO_EPOCH = Date.UTC(2018, 9, 1);

/** The fixed ids of the demonstration monitors (same seed, same ids). */
export function demoOrganizationIds(): string[] {
  return DEMO_MONITORS.map((_, index) => new Random(DEMO_SEED + index).uuid(DEMO_EPOCH + index));
}

/**
 * Loads the three demonstration monitors with their units, suppliers, contracts and resources in
 * one transaction, and the texts of a fictional association unless `association` is false (the
 * operator's ABOUT_FILE then speaks) or texts are saved already. Deterministic: the same data on
 * every machine. Does nothing (returns null) when the monitors are already there, so it can run on
 * every start.
 */
export async function seedDemoData(
  db: Database,
  options: { association?: boolean } = {},
): Promise<DemoSeedResult | null> {
  const ids = demoOrganizationIds();
  const existing = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(inArray(organizations.id, ids));
  if (existing.length > 0) return null;

  const started = performance.now();
  const result: DemoSeedResult = {
    organizations: 0,
    administrativeUnits: 0,
    suppliers: 0,
    contracts: 0,
    resources: 0,
    milliseconds: 0,
  };
  await db.transaction(async (tx) => {
    for (const index of DEMO_MONITORS.keys()) {
      const counts = await seedMonitor(tx as unknown as Database, index);
      result.organizations++;
      result.administrativeUnits += counts.units;
      result.suppliers += counts.suppliers;
      result.contracts += counts.contracts;
      result.resources += counts.resources;
    }
    if (options.association ?? true) {
      await insertAssociationTextsIfMissing(tx as unknown as Database, DEMO_ASSOCIATION);
    }
  });
  result.milliseconds = Math.round(performance.now() - started);
  return result;
}

/**
 * Everything the monitor at `index` is generated with, from its own seed, in the order its random
 * stream is drawn: the same on every machine (ids included), and apart from the writing so a test
 * can check that without seeding twice.
 */
export function demoMonitorRows(index: number) {
  const monitor = DEMO_MONITORS[index]!;
  const organizationId = demoOrganizationIds()[index]!;
  const random = new Random(DEMO_SEED * 31 + index);
  const createdAt = new Date(DEMO_EPOCH + index);
  const coverId = random.uuid(DEMO_EPOCH);
  const spec: GeneratorSpec = {
    organizationId,
    code: monitor.code,
    slug: monitor.slug,
    units: monitor.units,
    purchasingUnits: monitor.purchasingUnits,
    worksUnit: monitor.worksUnit,
    administrationPeriods: DEMO_ADMINISTRATION_PERIODS,
    lastQuarter: DEMO_LAST_QUARTER,
    supplierCount: monitor.suppliers,
    amountScale: monitor.amountScale,
    ...(monitor.practice ? { practice: monitor.practice } : {}),
  };
  const units = generateUnits(random, spec, createdAt);
  const suppliers = generateSuppliers(random, spec, createdAt);
  const contracts = [...generateContracts(random, spec, units, suppliers, monitor.contracts)];
  const resourceIds = DEMO_RESOURCES.map((_, position) => random.uuid(DEMO_EPOCH + position));
  // Articles come with a picture, as an administrator's would (stored like any resource image).
  const articleImageIds = new Map<number, string>();
  for (const [position, resource] of DEMO_RESOURCES.entries()) {
    if (resource.classification === 'ARTICLE')
      articleImageIds.set(position, random.uuid(DEMO_EPOCH + 100 + position));
  }
  return {
    monitor,
    organizationId,
    createdAt,
    coverId,
    units,
    suppliers,
    contracts,
    resourceIds,
    articleImageIds,
  };
}

async function seedMonitor(db: Database, index: number) {
  const demo = demoMonitorRows(index);
  const { monitor, organizationId, createdAt } = demo;
  const color = THEMES[monitor.theme].color;

  await db.insert(organizations).values({
    id: organizationId,
    name: monitor.name,
    shortName: monitor.shortName,
    color,
    theme: monitor.theme,
    title: monitor.title,
    description: monitor.description,
    welcomeTitle: monitor.welcomeTitle,
    showBackgroundText: true,
    round: false,
    address: monitor.address,
    schedule: monitor.schedule,
    additionalInformation: monitor.additionalInformation,
    contactLocation: 'Escríbenos y te responderemos en un máximo de tres días hábiles.',
    contactEmail: `contacto+${monitor.key}@example.org`,
    defaultAdministrationPeriod: DEMO_DEFAULT_PERIOD,
    dataSource: 'Plataforma Nacional de Transparencia (datos de demostración)',
    isDemo: true,
    createdAt,
    updatedAt: createdAt,
  });
  await storeImage(db, {
    id: demo.coverId,
    organizationId,
    kind: 'COVER',
    filename: `portada-${monitor.slug}.svg`,
    svg: demoCoverSvg(color),
    createdAt,
  });
  await db
    .update(organizations)
    .set({ coverFileId: demo.coverId, updatedAt: createdAt })
    .where(eq(organizations.id, organizationId));

  await bulkInsert(db, 'administrative_units', UNIT_COLUMNS, demo.units);
  await bulkInsert(db, 'suppliers', SUPPLIER_COLUMNS, demo.suppliers);
  const written = await bulkInsertAll(db, 'contracts', CONTRACT_COLUMNS, demo.contracts);

  for (const [position, imageId] of demo.articleImageIds) {
    await storeImage(db, {
      id: imageId,
      organizationId,
      kind: 'RESOURCE_IMAGE',
      filename: `articulo-${position + 1}.svg`,
      svg: demoArticleSvg(color, position),
      createdAt,
    });
  }
  await db.insert(resources).values(
    DEMO_RESOURCES.map((resource, position) => ({
      id: demo.resourceIds[position]!,
      organizationId,
      title: resource.title,
      url: resource.url,
      classification: resource.classification,
      createdAt: new Date(Date.UTC(2025, position, 10)),
      updatedAt: new Date(Date.UTC(2025, position, 10)),
      imageFileId: demo.articleImageIds.get(position) ?? null,
    })),
  );
  return {
    units: demo.units.length,
    suppliers: demo.suppliers.length,
    contracts: written,
    resources: DEMO_RESOURCES.length,
  };
}

/** A demonstration image as an administrator's upload would leave it: its bytes in the file store, its file row. */
async function storeImage(
  db: Database,
  image: Omit<typeof files.$inferInsert, 'contentId'> & { svg: string },
): Promise<void> {
  const { svg, ...row } = image;
  const data = Buffer.from(svg);
  const { id: contentId } = await fileStore(db).put(data, { mime: 'image/svg+xml', maxBytes: data.length });
  await db.insert(files).values({ ...row, contentId });
}
