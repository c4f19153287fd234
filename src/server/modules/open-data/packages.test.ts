import { describe, expect, it } from 'vitest';
import { emptyRelations } from '../../../shared/contracts/relations';
import { ocdsErrors } from '../../test/ocds-schema';
import {
  BENEFICIAL_OWNERS_EXTENSION,
  compiledRelease,
  PAGINATION_EXTENSION,
  type PackageMeta,
  recordPackage,
  releasePackage,
} from './packages';
import { buildRelease, type ReleaseContract, type ReleaseInput } from './release';

const SETTINGS = { ocidPrefix: 'ocds-vigia0', publicUrl: 'https://monitor.example.org' };
const META: PackageMeta = {
  uri: 'https://monitor.example.org/public-api/ocds/releases?organization=m1',
  publishedDate: new Date('2024-02-01T12:00:00Z'),
  publisher: { name: 'Asociación Ejemplo A.C.' },
  license: 'https://creativecommons.org/licenses/by/4.0/',
  publicUrl: SETTINGS.publicUrl,
};

const contract: ReleaseContract = {
  id: 'c1',
  organizationId: 'm1',
  procedureType: 'NO_BID',
  category: 'SERVICES',
  administrationPeriod: '2021-2024',
  fiscalYear: '2023',
  period: '4o 2023',
  contractId: null,
  partida: null,
  procedureState: 'CONCLUDED',
  announcementUrl: null,
  announcementDate: null,
  servicesDescription: 'Mantenimiento de alumbrado',
  clarificationMeetingDate: null,
  clarificationMeetingJudgmentUrl: null,
  presentationProposalsDocUrl: null,
  administrativeUnitType: null,
  contractNumber: 'AD-2023-100',
  contractDate: '2023-11-02',
  contractType: 'NORMAL',
  totalAmount: 85_000,
  minAmount: null,
  maxAmount: null,
  totalOrMaxAmount: 85_000,
  contractUrl: null,
  areaInCharge: null,
  executingArea: null,
  updateDate: null,
  notes: null,
  karewaNotes: null,
  informationDate: null,
  limitExceeded: false,
  amountExceeded: null,
  isEmpty: false,
  createdAt: new Date('2024-01-10T10:00:00Z'),
  updatedAt: new Date('2024-01-10T10:00:00Z'),
};

const input = (fields: Partial<ReleaseInput>): ReleaseInput => ({
  contract,
  change: '1',
  first: true,
  monitor: { id: 'm1', name: 'Municipio Uno' },
  organizer: { id: 'u1', name: 'Tesorería' },
  applicant: { id: 'u1', name: 'Tesorería' },
  supplier: { id: 's1', name: 'Luz del Norte S.A.', rfc: 'LNO010101AA1' },
  relations: emptyRelations(),
  copies: new Map(),
  parentOcid: null,
  ...fields,
});

type Release = Record<string, unknown> & { ocid: string; id: string; date: string };
const first = buildRelease(input({}), SETTINGS) as Release;
// An edit a week later: another supplier, a higher amount.
const edited = buildRelease(
  input({
    change: '7',
    first: false,
    contract: { ...contract, totalOrMaxAmount: 90_000, updatedAt: new Date('2024-01-17T09:30:00Z') },
    supplier: { id: 's2', name: 'Alumbrados del Sur S.C.', rfc: null },
  }),
  SETTINGS,
) as Release;

describe('OCDS packages', () => {
  it('wraps releases in a release package with absolute addresses, the extensions and the next page', () => {
    const next = 'https://monitor.example.org/public-api/ocds/releases?organization=m1&cursor=7';
    const page = releasePackage(META, [first, edited], next);
    expect(ocdsErrors('releasePackage', page)).toEqual([]);
    expect(page).toMatchObject({
      version: '1.1',
      publishedDate: '2024-02-01T12:00:00.000Z',
      license: 'https://creativecommons.org/licenses/by/4.0/',
      publicationPolicy: 'https://monitor.example.org/open-data',
      links: { next },
      extensions: [
        BENEFICIAL_OWNERS_EXTENSION,
        'https://monitor.example.org/public-api/ocds/extension/extension.json',
        PAGINATION_EXTENSION,
      ],
    });
    // links.next comes from the pagination extension (not in the core package schema): absolute too.
    expect(new URL((page.links as { next: string }).next).href).toBe(next);
    expect(releasePackage(META, [first])).not.toHaveProperty('links');
    expect(() => releasePackage(META, [])).toThrow();
  });

  it("gives a process's record: its releases oldest first and the newest as its compiled release", () => {
    const record = recordPackage(META, [edited, first]);
    expect(ocdsErrors('recordPackage', record)).toEqual([]);
    const [only] = record.records as { ocid: string; releases: Release[]; compiledRelease: Release }[];
    expect(only!.ocid).toBe(first.ocid);
    expect(only!.releases.map((release) => release.id)).toEqual([first.id, edited.id]);
    const compiled = compiledRelease([first, edited]) as Record<string, any>;
    expect(only!.compiledRelease).toEqual(compiled);
    expect(compiled).toMatchObject({
      id: `${first.ocid}-compilado`,
      tag: ['compiled'],
      date: '2024-01-17T09:30:00.000Z',
    });
    // The data as it stands now: the edit's supplier and amount, nothing of the first supplier.
    expect(compiled.awards[0]).toMatchObject({
      suppliers: [{ name: 'Alumbrados del Sur S.C.' }],
      value: { amount: 90_000, currency: 'MXN' },
    });
    expect(JSON.stringify(compiled)).not.toContain('Luz del Norte');
  });
});
