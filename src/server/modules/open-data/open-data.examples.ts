import { emptyRelations } from '../../../shared/contracts/relations';
import { recordPackage, releasePackage } from './packages';
import { buildRelease } from './release';

/**
 * The API documentation's examples (/api/docs): a release package and a record package of one
 * made-up contract, built by the same code as the real answers, so they stay true to them.
 */

const PUBLIC_URL = 'https://vigia.example.org';
const SETTINGS = { ocidPrefix: 'ocds-vigia0', publicUrl: PUBLIC_URL };
const MONITOR = { id: '0190a1b2-0000-7000-8000-000000000001', name: 'Municipio de Santa Lucía del Valle' };

const release = buildRelease(
  {
    contract: {
      id: '0190a1b2-0000-7000-8000-00000000c001',
      organizationId: MONITOR.id,
      procedureType: 'INVITATION',
      category: 'PUBLIC_WORKS',
      administrationPeriod: '2024-2027',
      fiscalYear: '2025',
      period: '2o 2025',
      contractId: 'IR-OP-004/2025',
      partida: '61401',
      procedureState: 'CONCLUDED',
      announcementUrl: 'https://transparencia.example.gob.mx/invitaciones/IR-OP-004-2025.pdf',
      announcementDate: '2025-04-02',
      servicesDescription: 'Rehabilitación de la red de agua potable de la colonia Centro',
      clarificationMeetingDate: '2025-04-09',
      clarificationMeetingJudgmentUrl: null,
      presentationProposalsDocUrl: null,
      administrativeUnitType: 'CENTRALIZED',
      contractNumber: 'OP-2025-031',
      contractDate: '2025-05-06',
      contractType: 'NORMAL',
      totalAmount: 2_480_350.75,
      minAmount: null,
      maxAmount: null,
      totalOrMaxAmount: 2_480_350.75,
      contractUrl: 'https://transparencia.example.gob.mx/contratos/OP-2025-031.pdf',
      areaInCharge: 'Dirección de Obras Públicas',
      executingArea: 'Dirección de Obras Públicas',
      updateDate: '2025-07-10',
      notes: null,
      karewaNotes: null,
      informationDate: '2025-07-15',
      limitExceeded: null,
      amountExceeded: null,
      isEmpty: false,
      createdAt: new Date('2025-07-15T17:00:00Z'),
      updatedAt: new Date('2025-07-15T17:00:00Z'),
    },
    change: '1024',
    first: true,
    monitor: MONITOR,
    organizer: { id: '0190a1b2-0000-7000-8000-0000000000a1', name: 'Dirección de Obras Públicas' },
    applicant: { id: '0190a1b2-0000-7000-8000-0000000000a2', name: 'Organismo Operador de Agua' },
    supplier: {
      id: '0190a1b2-0000-7000-8000-0000000000f1',
      name: 'Hidráulica del Valle S.A. de C.V.',
      rfc: 'HVA150304KL2',
    },
    relations: {
      ...emptyRelations(),
      bidders: [
        { name: 'Hidráulica del Valle S.A. de C.V.', rfc: 'HVA150304KL2' },
        { name: 'Construcciones Lerma S.A. de C.V.', rfc: 'CLE990812AB1' },
        { name: 'Obras y Tubería del Centro S.A. de C.V.', rfc: null },
      ],
    },
    copies: new Map(),
    parentOcid: null,
  },
  SETTINGS,
) as Record<string, unknown> & { ocid: string; id: string; date: string };

const meta = (uri: string) => ({
  uri,
  publishedDate: new Date('2025-07-15T17:00:00Z'),
  publisher: { name: MONITOR.name, uri: PUBLIC_URL },
  license: 'https://creativecommons.org/licenses/by/4.0/',
  publicUrl: PUBLIC_URL,
});

export const EXAMPLE_RELEASE_PACKAGE = releasePackage(
  meta(`${PUBLIC_URL}/public-api/ocds/releases?organization=${MONITOR.id}`),
  [release],
  `${PUBLIC_URL}/public-api/ocds/releases?organization=${MONITOR.id}&cursor=7781.1024`,
);

export const EXAMPLE_RECORD_PACKAGE = recordPackage(
  meta(`${PUBLIC_URL}/public-api/ocds/records/${release.ocid}`),
  [release],
);
