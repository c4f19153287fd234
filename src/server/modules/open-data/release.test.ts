import { describe, expect, it } from 'vitest';
import { type ContractRelations, emptyRelations } from '../../../shared/contracts/relations';
import { ocdsErrors } from '../../test/ocds-schema';
import { buildRelease, ocidOf, type ReleaseContract, type ReleaseInput } from './release';

const SETTINGS = { ocidPrefix: 'ocds-vigia0', publicUrl: 'https://monitor.example.org' };
const MONITOR = { id: '0190a1b2-0000-7000-8000-000000000001', name: 'Municipio de Santa Lucía del Valle' };
const ORGANIZER = { id: '0190a1b2-0000-7000-8000-0000000000a1', name: 'Dirección de Obras Públicas' };
const APPLICANT = { id: '0190a1b2-0000-7000-8000-0000000000a2', name: 'Tesorería Municipal' };

const contract = (fields: Partial<ReleaseContract> = {}): ReleaseContract => ({
  id: '0190a1b2-0000-7000-8000-00000000c001',
  organizationId: MONITOR.id,
  procedureType: 'PUBLIC',
  category: 'PUBLIC_WORKS',
  administrationPeriod: '2021-2024',
  fiscalYear: '2023',
  period: '2o 2023',
  contractId: 'LP-OP-003/2023',
  partida: null,
  procedureState: 'CONCLUDED',
  announcementUrl: null,
  announcementDate: null,
  servicesDescription: 'Pavimentación de la calle Hidalgo',
  clarificationMeetingDate: null,
  clarificationMeetingJudgmentUrl: null,
  presentationProposalsDocUrl: null,
  administrativeUnitType: 'CENTRALIZED',
  contractNumber: 'OP-2023-017',
  contractDate: '2023-05-12',
  contractType: 'NORMAL',
  totalAmount: 1_250_000.5,
  minAmount: null,
  maxAmount: null,
  totalOrMaxAmount: 1_250_000.5,
  contractUrl: 'https://transparencia.example.gob.mx/contratos/OP 2023 017.pdf',
  areaInCharge: 'Dirección de Obras Públicas',
  executingArea: null,
  updateDate: '2023-07-15',
  notes: null,
  karewaNotes: null,
  informationDate: null,
  limitExceeded: null,
  amountExceeded: null,
  isEmpty: false,
  createdAt: new Date('2023-07-20T16:00:00Z'),
  updatedAt: new Date('2023-07-20T16:00:00Z'),
  ...fields,
});

const input = (
  fields: Partial<ReleaseInput> = {},
  relations: Partial<ContractRelations> = {},
): ReleaseInput => ({
  contract: contract(),
  change: '41',
  first: true,
  monitor: MONITOR,
  organizer: ORGANIZER,
  applicant: APPLICANT,
  supplier: {
    id: '0190a1b2-0000-7000-8000-0000000000f1',
    name: 'Constructora del Valle S.A. de C.V.',
    rfc: 'CVA010203AB1',
  },
  relations: { ...emptyRelations(), ...relations },
  copies: new Map(),
  parentOcid: null,
  ...fields,
});

/** A release package of these releases, as the portal's packages wrap them. */
const releasePackage = (...releases: unknown[]) => ({
  uri: 'https://monitor.example.org/public-api/ocds/releases?organization=x',
  version: '1.1',
  publishedDate: '2023-07-20T16:00:00Z',
  publisher: { name: MONITOR.name },
  license: 'https://creativecommons.org/licenses/by/4.0/',
  releases,
});

/** The release, checked against the 1.1.5 release schema inside a package (formats included). */
function valid(release: Record<string, unknown> | null) {
  expect(release).not.toBeNull();
  expect(ocdsErrors('releasePackage', releasePackage(release))).toEqual([]);
  return release as Record<string, any>;
}

describe('a contract as an OCDS release', () => {
  it('maps a concluded public tender: ocid, tags, buyer, units, supplier by RFC, values, documents', () => {
    const release = valid(buildRelease(input(), SETTINGS));
    const ocid = ocidOf(SETTINGS, MONITOR.id, contract().id);
    expect(ocid).toBe(`ocds-vigia0-${MONITOR.id}-${contract().id}`);
    expect(release).toMatchObject({
      ocid,
      id: `${ocid}-41`,
      date: '2023-07-20T16:00:00.000Z',
      tag: ['tender', 'award', 'contract'],
      initiationType: 'tender',
      buyer: { id: `MX-VIGIA-${MONITOR.id}`, name: MONITOR.name },
      tender: {
        id: 'LP-OP-003/2023',
        status: 'complete',
        procurementMethod: 'open',
        procurementMethodDetails: 'Licitación pública',
        mainProcurementCategory: 'works',
        procuringEntity: { id: `MX-VIGIA-UA-${ORGANIZER.id}`, name: ORGANIZER.name },
      },
      awards: [{ status: 'active', value: { amount: 1_250_000.5, currency: 'MXN' } }],
      contracts: [
        {
          id: 'OP-2023-017',
          dateSigned: '2023-05-12T00:00:00-06:00',
          value: { amount: 1_250_000.5, currency: 'MXN' },
          documents: [
            {
              documentType: 'contractSigned',
              url: 'https://transparencia.example.gob.mx/contratos/OP%202023%20017.pdf',
            },
          ],
        },
      ],
    });
    expect(release.contracts[0].awardID).toBe(release.awards[0].id);
    const supplier = release.parties.find((party: any) => party.roles.includes('supplier'));
    expect(supplier).toEqual({
      id: 'MX-RFC-CVA010203AB1',
      name: 'Constructora del Valle S.A. de C.V.',
      roles: ['supplier'],
      identifier: { scheme: 'MX-RFC', id: 'CVA010203AB1', legalName: 'Constructora del Valle S.A. de C.V.' },
    });
    expect(release.awards[0].suppliers).toEqual([{ id: supplier.id, name: supplier.name }]);
    expect(release.parties.map((party: any) => party.roles)).toEqual([
      ['buyer'],
      ['procuringEntity', 'contractingUnit'],
      ['requestingUnit'],
      ['supplier'],
    ]);
    // The portal's own fields in its extension.
    expect(release.vigia).toMatchObject({
      administrationPeriod: '2021-2024',
      fiscalYear: '2023',
      reportedPeriod: '2o 2023',
    });
  });

  it('tags a later change as updates, and an invitation and a direct award by their methods', () => {
    expect(valid(buildRelease(input({ first: false }), SETTINGS)).tag).toEqual([
      'tenderUpdate',
      'awardUpdate',
      'contractUpdate',
    ]);
    const invitation = valid(
      buildRelease(
        input({ contract: contract({ procedureType: 'INVITATION', category: 'SERVICES' }) }),
        SETTINGS,
      ),
    );
    expect(invitation.tender).toMatchObject({
      procurementMethod: 'selective',
      mainProcurementCategory: 'services',
    });
    const direct = valid(
      buildRelease(input({ contract: contract({ procedureType: 'NO_BID', category: 'LEASE' }) }), SETTINGS),
    );
    expect(direct.tender).toMatchObject({
      procurementMethod: 'direct',
      procurementMethodDetails: 'Adjudicación directa',
      mainProcurementCategory: 'goods',
    });
  });

  it('gives an open contract its maximum as the value, and the minimum and maximum in the extension', () => {
    const release = valid(
      buildRelease(
        input({
          contract: contract({
            contractType: 'OPEN',
            minAmount: 100_000,
            maxAmount: 900_000,
            totalAmount: 0,
            totalOrMaxAmount: 900_000,
          }),
        }),
        SETTINGS,
      ),
    );
    expect(release.contracts[0].value).toEqual({ amount: 900_000, currency: 'MXN' });
    expect(release.vigia).toMatchObject({
      contractType: 'OPEN',
      minValue: { amount: 100_000, currency: 'MXN' },
      maxValue: { amount: 900_000, currency: 'MXN' },
    });
  });

  it('leaves out what the data does not say: a contract without supplier, a deserted procedure', () => {
    const noSupplier = valid(buildRelease(input({ supplier: null }), SETTINGS));
    expect(noSupplier.awards[0].suppliers).toBeUndefined();
    expect(noSupplier.parties.some((party: any) => party.roles.includes('supplier'))).toBe(false);
    const deserted = valid(
      buildRelease(
        input({
          supplier: null,
          contract: contract({
            procedureState: 'DESERTED',
            contractNumber: null,
            contractDate: null,
            totalAmount: null,
            totalOrMaxAmount: null,
            contractUrl: null,
          }),
        }),
        SETTINGS,
      ),
    );
    expect(deserted.tag).toEqual(['tender']);
    expect(deserted.tender.status).toBe('unsuccessful');
    expect(deserted.awards).toBeUndefined();
    expect(deserted.contracts).toBeUndefined();
    // A link that is no URL is no document.
    const badLink = valid(
      buildRelease(input({ contract: contract({ contractUrl: 'Colocar el hipervínculo' }) }), SETTINGS),
    );
    expect(badLink.contracts[0].documents).toBeUndefined();
  });

  it('has no release for a row that states that no procedures were held', () => {
    expect(buildRelease(input({ contract: contract({ isEmpty: true }) }), SETTINGS)).toBeNull();
  });

  it('links an amendment row to the contract it amends, as an amendment of its own contract', () => {
    const parentOcid = ocidOf(SETTINGS, MONITOR.id, '0190a1b2-0000-7000-8000-00000000c000');
    const release = valid(
      buildRelease(
        input({
          parentOcid,
          contract: contract({ category: 'EXTENSION', contractNumber: 'OP-2023-017-A1' }),
        }),
        SETTINGS,
      ),
    );
    expect(release.relatedProcesses).toEqual([
      {
        id: '1',
        relationship: ['parent'],
        title: 'Contrato que modifica',
        scheme: 'ocid',
        identifier: parentOcid,
      },
    ]);
    expect(release.contracts[0].amendments).toEqual([
      {
        id: 'OP-2023-017-A1',
        rationale: 'Ampliación',
        description: 'Pavimentación de la calle Hidalgo',
        date: '2023-05-12T00:00:00-06:00',
      },
    ]);
    expect(release.tender.mainProcurementCategory).toBeUndefined();
  });

  it('carries a format-28 contract whole: bidders, invited, convenios, beneficial owners, budget lines and backup copies', () => {
    const relations: Partial<ContractRelations> = {
      bidders: [
        { name: 'CONSTRUCTORA DEL VALLE SA DE CV', rfc: 'cva010203ab1' },
        { name: 'Rosa Competidora Ruiz', rfc: null },
      ],
      invited: [{ name: 'Invitada del Valle S.A. de C.V.', rfc: 'IVA010101AB1' }],
      amendments: [
        {
          number: 'CM-01',
          object: 'Ampliación del plazo',
          signedDate: '2023-09-01',
          url: 'https://transparencia.example.gob.mx/cm 01.pdf',
        },
      ],
      beneficialOwners: [{ name: 'Macario Perea Vargas' }],
      budgetLines: [{ code: '61401' }, { code: '61402' }],
    };
    const release = valid(
      buildRelease(
        input(
          {
            first: false,
            copies: new Map([['https://transparencia.example.gob.mx/contratos/OP 2023 017.pdf', 'file-1']]),
            contract: contract({
              announcementUrl: 'https://transparencia.example.gob.mx/convocatoria.pdf',
              announcementDate: '2023-03-01',
              clarificationMeetingDate: '2023-03-10',
            }),
          },
          relations,
        ),
        SETTINGS,
      ),
    );
    expect(release.tag).toContain('contractAmendment');
    // The winner is one party, supplier and tenderer, with its beneficial owner.
    const winner = release.parties.find((party: any) => party.id === 'MX-RFC-CVA010203AB1');
    expect(winner.roles).toEqual(['supplier', 'tenderer']);
    expect(winner.beneficialOwners).toEqual([{ id: '1', name: 'Macario Perea Vargas' }]);
    expect(release.tender.numberOfTenderers).toBe(2);
    expect(release.tender.tenderers.map((party: any) => party.name)).toEqual([
      'Constructora del Valle S.A. de C.V.',
      'Rosa Competidora Ruiz',
    ]);
    expect(release.parties.find((party: any) => party.roles.includes('invitedSupplier')).identifier.id).toBe(
      'IVA010101AB1',
    );
    expect(release.contracts[0].amendments).toEqual([
      {
        id: 'CM-01',
        rationale: 'Convenio modificatorio',
        description: 'Ampliación del plazo',
        date: '2023-09-01T00:00:00-06:00',
      },
    ]);
    expect(
      release.contracts[0].documents.map((document: any) => [document.documentType, document.url]),
    ).toEqual([
      ['contractSigned', 'https://transparencia.example.gob.mx/contratos/OP%202023%20017.pdf'],
      ['contractSigned', 'https://monitor.example.org/public-api/files/download/file-1'],
      ['contractAnnexe', 'https://transparencia.example.gob.mx/cm%2001.pdf'],
    ]);
    expect(release.tender.documents[0]).toMatchObject({
      documentType: 'tenderNotice',
      datePublished: '2023-03-01T00:00:00-06:00',
    });
    expect(release.tender.enquiryPeriod).toEqual({ endDate: '2023-03-10T00:00:00-06:00' });
    expect(release.planning.budget).toEqual({
      id: '61401',
      description: 'Partidas presupuestales (COG): 61401, 61402',
    });
  });

  it('refuses what the schema refuses (the check itself works)', () => {
    const release = buildRelease(input(), SETTINGS)!;
    expect(ocdsErrors('releasePackage', releasePackage({ ...release, tag: ['deleted'] }))).not.toEqual([]);
    expect(ocdsErrors('releasePackage', { ...releasePackage(release), uri: 'relative/path' })).not.toEqual(
      [],
    );
    expect(ocdsErrors('releasePackage', releasePackage())).not.toEqual([]);
  });
});
