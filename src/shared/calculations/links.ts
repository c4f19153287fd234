import { ANY_RED_FLAG, RED_FLAGS } from '../red-flags/definitions';
import type { PublicFilters } from '../schemas/filters';
import { flagVariableNames, VARIABLE_BY_ABBREVIATION, VARIABLE_FLAGS } from './variables';

/**
 * Where a reader checks a variable (index-and-federation.md: "a link to the filtered contract list
 * behind it"): the contracts list filters that list exactly the contracts a variable counts, in
 * the variable's period. For a variable counting contracts that have something (a link), the list
 * shows those of its base that lack it, which is what a reader looks for; its count is the base's
 * minus the variable's. The supplier variables open the supplier ranking; the formats have their
 * own table. Only for calculations without filters of their own (those the list cannot repeat).
 */
export interface VariableLink {
  /** 'contracts' list or 'suppliers' ranking. */
  list: 'contracts' | 'suppliers';
  /** What the link lists, in words. */
  text: string;
  filters: Partial<PublicFilters>;
  /** The list shows the contracts of this base variable that the variable does not count. */
  complementOf?: string;
  /** For a sum of money: the variable counting the contracts it sums (the list's count). */
  countedBy?: string;
}

const counted = { countedOnly: true } as const;

export const VARIABLE_LINKS: Readonly<Record<string, VariableLink>> = {
  $MTG: {
    list: 'contracts',
    text: 'Ver los contratos que suman el monto',
    filters: counted,
    countedBy: '$NTC',
  },
  $MGLP: {
    list: 'contracts',
    text: 'Ver los contratos por licitación pública',
    filters: { ...counted, procedureTypes: ['PUBLIC'] },
    countedBy: '$NTCLP',
  },
  $MGAD: {
    list: 'contracts',
    text: 'Ver los contratos por adjudicación directa',
    filters: { ...counted, procedureTypes: ['NO_BID'] },
    countedBy: '$NCAD',
  },
  $MGIR: {
    list: 'contracts',
    text: 'Ver los contratos por invitación restringida',
    filters: { ...counted, procedureTypes: ['INVITATION'] },
  },
  $NTC: { list: 'contracts', text: 'Ver los contratos', filters: counted },
  $NTCLP: {
    list: 'contracts',
    text: 'Ver los contratos por licitación pública',
    filters: { ...counted, procedureTypes: ['PUBLIC'] },
  },
  $NCSF: {
    list: 'contracts',
    text: 'Ver los contratos sin número de folio',
    filters: { ...counted, withoutFolio: true },
  },
  $NCADSM: {
    list: 'contracts',
    text: 'Ver las adjudicaciones directas que exceden el monto',
    filters: { ...counted, procedureTypes: ['NO_BID'], limitExceeded: true },
  },
  $NAC: {
    list: 'contracts',
    text: 'Ver las ampliaciones',
    filters: { procedureStates: ['CONCLUDED'], categories: ['EXTENSION'] },
  },
  $NCAD: {
    list: 'contracts',
    text: 'Ver las adjudicaciones directas',
    filters: { ...counted, procedureTypes: ['NO_BID'] },
  },
  $NCDPT: {
    list: 'contracts',
    text: 'Ver los contratos sin liga al contrato',
    filters: { ...counted, withoutDocuments: ['CONTRACT'] },
    complementOf: '$NTC',
  },
  $NIDPT: {
    list: 'contracts',
    text: 'Ver los contratos sin liga a la convocatoria o invitación',
    filters: { ...counted, withoutDocuments: ['ANNOUNCEMENT'] },
    complementOf: '$NTC',
  },
  $NCPJA: {
    list: 'contracts',
    text: 'Ver las licitaciones públicas sin liga al fallo de la junta de aclaraciones',
    filters: { ...counted, procedureTypes: ['PUBLIC'], withoutDocuments: ['JUDGMENT'] },
    complementOf: '$NTCLP',
  },
  $NTP: { list: 'suppliers', text: 'Ver el ranking de proveedores', filters: counted },
  $NPCGE: { list: 'suppliers', text: 'Ver el ranking de proveedores', filters: counted },
  $NPEPE: { list: 'suppliers', text: 'Ver el ranking de proveedores', filters: counted },
  $NPEPCP: { list: 'suppliers', text: 'Ver el ranking de proveedores', filters: counted },
  // The red flags' variables: the counted contracts with the flag (the list's filter by flag).
  ...Object.fromEntries(
    VARIABLE_FLAGS.flatMap((flag) => {
      const names = flagVariableNames(flag);
      const link: VariableLink = {
        list: 'contracts',
        text:
          flag === ANY_RED_FLAG
            ? 'Ver los contratos con alguna señal de alerta'
            : `Ver los contratos con la señal «${RED_FLAGS[flag].name}»`,
        filters: { ...counted, redFlags: [flag] },
      };
      return [
        [names.count, link],
        [names.amount, { ...link, countedBy: names.count }],
      ];
    }),
  ),
};

/**
 * How many entries the link lists, from every variable's value in the period: the variable's own
 * count (or its counting variable's, for money), or for a complement the base's minus it; null
 * when a value is missing or the variable has no counting variable (the ranking lists suppliers by
 * their counted contracts: $NTP of them).
 */
export function linkedCount(abbreviation: string, values: Record<string, number | null>): number | null {
  const link = VARIABLE_LINKS[abbreviation];
  if (!link) return null;
  const of = (name: string) => values[name] ?? null;
  if (link.list === 'suppliers') return of('$NTP');
  const value = of(link.countedBy ?? abbreviation);
  if (value === null || (!link.countedBy && VARIABLE_BY_ABBREVIATION.get(abbreviation)?.unit === 'AMOUNT'))
    return null;
  if (!link.complementOf) return value;
  const base = of(link.complementOf);
  return base === null ? null : base - value;
}
