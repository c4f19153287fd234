/**
 * The portal's own OCDS extension (decision 0051): the `vigia` object of a release, what our data
 * says that core OCDS has no field for. Served at /public-api/ocds/extension/extension.json (the
 * URL the packages declare) with its release-schema.json patch, as the standard's extensions are.
 */

const amount = {
  type: 'object',
  properties: { amount: { type: ['number', 'null'] }, currency: { type: ['string', 'null'] } },
};

const text = (description: string) => ({ description, type: ['string', 'null'] });

export const VIGIA_RELEASE_SCHEMA = {
  properties: {
    vigia: {
      title: 'Vigía',
      description:
        'Fields of the Vigía transparency monitor (Mexican public procurement) that core OCDS does not have.',
      type: 'object',
      properties: {
        administrationPeriod: text('The municipal or state administration period, e.g. 2021-2024.'),
        fiscalYear: text('The fiscal year the contract was reported in.'),
        reportedPeriod: text('The quarter it was reported in, e.g. "1o 2023".'),
        contractType: {
          description: 'NORMAL (a fixed amount) or OPEN (contrato abierto: a minimum and a maximum).',
          type: ['string', 'null'],
          enum: ['NORMAL', 'OPEN', null],
        },
        minValue: {
          ...amount,
          description: 'The minimum of an open contract (its maximum is contracts/value).',
        },
        maxValue: { ...amount, description: 'The maximum of an open contract.' },
        unitType: text('The kind of administrative unit (CENTRALIZED, DECENTRALIZED, …).'),
        areaInCharge: text('The area in charge of the procedure.'),
        executingArea: text('The area that executes the contract.'),
        limitExceeded: {
          description: 'A direct award above the legal limit for direct awards.',
          type: ['boolean', 'null'],
        },
        amountExceeded: { ...amount, description: 'By how much the direct award exceeded the limit.' },
        notes: text('The publisher’s notes.'),
        associationNotes: text('The civil association’s notes.'),
        informationDate: text('The date the information was obtained (YYYY-MM-DD).'),
        updateDate: text('The date the publisher last updated the row (YYYY-MM-DD).'),
      },
    },
    parties: {
      items: {
        properties: {
          roles: {
            description:
              'Vigía also uses the role invitedSupplier (a supplier invited to an invitation procedure) and EDCA-MX’s contractingUnit and requestingUnit.',
          },
        },
      },
    },
  },
} as const;

export function vigiaExtension(publicUrl: string) {
  return {
    name: { en: 'Vigía', es: 'Vigía' },
    description: {
      en: 'Fields of the Vigía transparency monitor: administration period, fiscal year and quarter, open contracts’ minimum and maximum, direct awards above the limit, notes.',
      es: 'Campos del monitor de transparencia Vigía: periodo de administración, ejercicio y trimestre, mínimo y máximo de los contratos abiertos, adjudicaciones directas que exceden el límite, notas.',
    },
    documentationUrl: { es: `${publicUrl}/open-data`, en: `${publicUrl}/open-data` },
    compatibility: ['1.1'],
    schemas: ['release-schema.json'],
  };
}
