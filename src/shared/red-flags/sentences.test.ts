import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RED_FLAG_PARAMETERS,
  RED_FLAG_CODES,
  type RedFlagCode,
  type RedFlagParameters,
} from './definitions';
import { HOLIDAY_NAMES, TRANSLATED_VALUES } from './sentence-values';
import {
  type ContractFacts,
  FLAG_SENTENCE_TEMPLATES,
  FLAG_TEMPLATES,
  flagSentence,
  interpolate,
  placeholdersOf,
  UNEVALUATED_REASONS,
  UNKNOWN_FLAG_TEMPLATE,
  unevaluatedFlags,
} from './sentences';

type Evidence = Record<string, unknown>;

/** What the API and the downloads show: the template filled with its values. */
const say = (code: RedFlagCode, evidence: Evidence) => {
  const { text, values } = flagSentence(code, evidence);
  return interpolate(text, values);
};

/** i18next reads these keys of t()'s second argument as options (plurals, context…). */
const I18NEXT_OPTIONS = ['count', 'context', 'defaultValue', 'lng', 'ns', 'replace', 'ordinal'];

/**
 * The sentence is a template of the closed set, every placeholder has a non-empty value, nothing
 * missing leaks out, and the result is one sentence.
 */
function expectClean(code: RedFlagCode, evidence: Evidence): string {
  const { text, values } = flagSentence(code, evidence);
  expect(FLAG_SENTENCE_TEMPLATES).toContain(text);
  const placeholders = new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]));
  expect(Object.keys(values).sort()).toEqual([...placeholders].sort());
  for (const key of Object.keys(values)) expect(I18NEXT_OPTIONS).not.toContain(key);
  for (const value of Object.values(values)) expect(value.trim()).not.toBe('');
  const out = interpolate(text, values);
  expect(out).not.toMatch(/undefined|null|NaN|Infinity|\{\{|\}\}|\$0\.00|\s[,.;:)]|\s{2}|\(\s*\)/);
  expect(out).toMatch(/^[A-ZÁÉÍÓÚÑ].*[^.]\.$/);
  return out;
}

/** Realistic evidence of every code, as the repository's SQL builds it (numerics may be strings). */
const EVIDENCE: Record<RedFlagCode, Evidence> = {
  SINGLE_BIDDER: { bidder: { name: 'CONSTRUCTORA DEL BAJÍO, S.A. DE C.V.', rfc: 'CBA0101011A1' } },
  FEW_INVITED_BIDDERS: {
    count: 2,
    bidders: [
      { name: 'ALFA SERVICIOS, S.C.', rfc: 'ASE0101011A1' },
      { name: 'Comercializadora Beta', rfc: null },
    ],
  },
  OVER_DIRECT_AWARD_LIMIT: {
    amount: '1500000.00',
    limit: 1000000,
    fiscalYear: '2024',
    limitExceeded: false,
    amountExceeded: '0.00',
  },
  SPLIT_DIRECT_AWARDS: {
    total: '1800000.00',
    limit: 1000000,
    fiscalYear: '2024',
    windowDays: 30,
    members: 3,
    contracts: [
      { id: 'a', number: 'AD-01/2024', date: '2024-02-01', amount: 600000 },
      { id: 'b', number: 'AD-02/2024', date: '2024-02-20', amount: '600000.00' },
      { id: 'c', number: 'AD-05/2024', date: '2024-03-15', amount: 600000 },
    ],
  },
  SUPPLIER_CONCENTRATION: {
    share: '0.5234',
    supplierAmount: 2617000,
    supplierContracts: 4,
    unitAmount: '5000000.00',
    unitContracts: 12,
    administrationPeriod: '2021-2024',
    threshold: 0.4,
  },
  NON_WORKING_DAY: { date: '2024-12-25', kind: 'HOLIDAY', name: 'Navidad (25 de diciembre)' },
  LATE_PUBLICATION: { informationDate: '2024-09-15', deadline: '2024-07-30', period: '2o 2024' },
  NO_CONTRACT_DOCUMENT: {},
  NO_CALL_DOCUMENT: {},
  DOCUMENT_GONE: {
    documents: [
      { url: 'https://transparencia.example.gob.mx/contrato.pdf', goneSince: '2025-03-01T18:00:00.000Z' },
      { url: 'https://transparencia.example.gob.mx/convocatoria.pdf', goneSince: '2025-02-10T20:30:00Z' },
    ],
  },
  INVALID_RFC: { rfc: 'PEGJ80010', supplier: 'Juan Pérez González' },
  SHARED_RFC: { rfc: 'AAA010101AAA', names: ['ALFA, S.A. DE C.V.', 'BETA SERVICIOS INTEGRALES'] },
  SAT_69B: {
    rfc: 'EFO1203154K2',
    listedName: 'FACTURADORA EJEMPLO, S.A. DE C.V.',
    situation: 'DEFINITIVO',
    presumptionDof: '2018-06-01',
    presumptionSat: '2018-05-20',
    definitiveDof: '2018-10-15',
    definitiveSat: '2018-10-01',
    contractDate: '2019-03-20',
    cutOff: '2025-12-31',
  },
  SANCTIONED_SUPPLIER: {
    rfc: 'GGA8306134F4',
    listedName: 'GARZA GAS, S.A. DE C.V.',
    authority: 'Instituto Mexicano del Seguro Social',
    laws: 'LEY DE ADQUISICIONES, ARRENDAMIENTOS Y SERVICIOS DEL SECTOR PÚBLICO (LAASSP)',
    file: '094510003/2022',
    from: '2026-06-10',
    to: '2028-03-28',
    contractDate: '2027-01-15',
    cutOff: null,
    loadedAt: '2026-06-11T17:00:00.000Z',
  },
  OUTLIER_AMOUNT: {
    amount: 9500000,
    fence: '2450000.50',
    q1: '300000.00',
    q3: '837500.13',
    factor: 3,
    contracts: 45,
    category: 'SERVICES',
    procedureType: 'NO_BID',
  },
  AMENDED: {
    count: 2,
    amendments: [
      { number: 'CM-1', signedDate: '2024-05-02', object: 'Ampliación del plazo' },
      { number: 'CM-2', signedDate: '2024-08-10', object: 'Ampliación del monto' },
    ],
  },
};

const EXPECTED: Record<RedFlagCode, string> = {
  SINGLE_BIDDER:
    'Solo participó CONSTRUCTORA DEL BAJÍO, S.A. DE C.V. (RFC CBA0101011A1) en el procedimiento.',
  FEW_INVITED_BIDDERS:
    'Solo ALFA SERVICIOS, S.C. (RFC ASE0101011A1) y Comercializadora Beta se registraron como participantes en la invitación a cuando menos tres personas.',
  OVER_DIRECT_AWARD_LIMIT:
    'El contrato se adjudicó directamente por $1,500,000.00, por encima del límite de $1,000,000.00 que el monitor registró para el ejercicio 2024.',
  SPLIT_DIRECT_AWARDS:
    'Este contrato es una de 3 adjudicaciones directas de la misma unidad convocante al mismo proveedor, con 30 días o menos entre una y otra; cada una queda por debajo del límite de $1,000,000.00 del ejercicio 2024, pero juntas suman $1,800,000.00 y lo superan.',
  SUPPLIER_CONCENTRATION:
    'En la administración 2021-2024, el proveedor recibió el 52.34% del dinero que la unidad convocante entregó por adjudicación directa: $2,617,000.00 en 4 contratos de un total de $5,000,000.00 en 12 contratos.',
  NON_WORKING_DAY: 'El contrato se firmó el 25/12/2024, día inhábil: Navidad (25 de diciembre).',
  LATE_PUBLICATION:
    'La información del contrato se obtuvo el 15/09/2024, después del plazo para publicar el formato XXVIII del trimestre 2o 2024, que venció el 30/07/2024.',
  NO_CONTRACT_DOCUMENT: 'El procedimiento está concluido y no tiene la liga al documento del contrato.',
  NO_CALL_DOCUMENT: 'El procedimiento no tiene la liga a la convocatoria o invitación.',
  DOCUMENT_GONE:
    'El contrato enlaza 2 documentos que ya no están disponibles en su sitio original, el primero desde el 10/02/2025.',
  INVALID_RFC:
    'El RFC «PEGJ80010» del proveedor Juan Pérez González no tiene el formato de un RFC (3 o 4 letras, 6 dígitos de la fecha y 3 caracteres de homoclave).',
  SHARED_RFC:
    'El RFC AAA010101AAA aparece en este monitor con dos nombres distintos: «ALFA, S.A. DE C.V.» y «BETA SERVICIOS INTEGRALES».',
  SAT_69B:
    'El proveedor (RFC EFO1203154K2) está en la lista del SAT del artículo 69-B con situación «definitivo»; fue publicado como presunto el 01/06/2018 y como definitivo el 15/10/2018; el contrato se firmó el 20/03/2019, después de ambas publicaciones (lista del SAT al 31/12/2025).',
  SANCTIONED_SUPPLIER:
    'El contrato se firmó el 15/01/2027, cuando el proveedor (RFC GGA8306134F4) estaba inhabilitado del 10/06/2026 al 28/03/2028, según el directorio de proveedores y contratistas sancionados cargado el 11/06/2026 (autoridad: Instituto Mexicano del Seguro Social; ley infringida: LEY DE ADQUISICIONES, ARRENDAMIENTOS Y SERVICIOS DEL SECTOR PÚBLICO (LAASSP); expediente: 094510003/2022).',
  OUTLIER_AMOUNT:
    'El monto del contrato ($9,500,000.00) supera $2,450,000.50, el umbral de monto atípico calculado con los 45 contratos del monitor de la misma materia y el mismo tipo de procedimiento.',
  AMENDED: 'El contrato tiene 2 convenios modificatorios registrados, el último firmado el 10/08/2024.',
};

describe('interpolate', () => {
  it('fills every placeholder, spaced or not, and leaves the rest of the text alone', () => {
    expect(
      interpolate('Solo participó {{bidder}} en el {{ what }}.', { bidder: 'ACME', what: 'procedimiento' }),
    ).toBe('Solo participó ACME en el procedimiento.');
    expect(interpolate('Sin marcas.', {})).toBe('Sin marcas.');
  });

  it('writes a missing value as nothing, never "undefined", and never reads an inherited key', () => {
    expect(interpolate('A{{missing}}B', {})).toBe('AB');
    expect(interpolate('{{constructor}}{{toString}}', {})).toBe('');
  });

  it('does not read a value again: a value that looks like a placeholder stays as it is', () => {
    expect(interpolate('{{a}} y {{b}}', { a: '{{b}}', b: 'dos' })).toBe('{{b}} y dos');
    expect(interpolate('{{name}}', { name: '$& $1' })).toBe('$& $1');
  });
});

describe('flagSentence', () => {
  it.each(RED_FLAG_CODES)('says %s with the facts of its evidence', (code) => {
    expect(expectClean(code, EVIDENCE[code])).toBe(EXPECTED[code]);
  });

  it('keeps the words in the template and the facts in the values', () => {
    expect(flagSentence('NON_WORKING_DAY', { date: '2024-03-02', kind: 'SATURDAY', name: 'sábado' })).toEqual(
      { text: 'El contrato se firmó el {{date}}, sábado.', values: { date: '02/03/2024' } },
    );
    expect(flagSentence('SAT_69B', { rfc: 'EFO1203154K2', situation: 'PRESUNTO' })).toEqual({
      text: 'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «presunto».',
      values: { rfc: 'EFO1203154K2' },
    });
    expect(flagSentence('SINGLE_BIDDER', { bidder: { name: 'ACME', rfc: null } })).toEqual({
      text: 'Solo participó {{bidder}} en el procedimiento.',
      values: { bidder: 'ACME' },
    });
  });

  it.each(RED_FLAG_CODES)('says %s without printing a missing fact, whichever is missing', (code) => {
    const evidence = EVIDENCE[code];
    expectClean(code, {});
    expectClean(code, Object.fromEntries(Object.keys(evidence).map((key) => [key, null])));
    expectClean(code, Object.fromEntries(Object.keys(evidence).map((key) => [key, 'NaN'])));
    for (const key of Object.keys(evidence)) {
      const { [key]: _dropped, ...rest } = evidence;
      expectClean(code, rest);
      expectClean(code, { ...evidence, [key]: null });
      expectClean(code, { ...evidence, [key]: 'no es un dato' });
    }
  });

  it('names a lone bidder by its RFC when its name is missing', () => {
    expect(say('SINGLE_BIDDER', { bidder: { name: null, rfc: 'CBA0101011A1' } })).toBe(
      'Solo hubo un participante en el procedimiento, con RFC CBA0101011A1.',
    );
    expect(say('SINGLE_BIDDER', { bidder: null })).toBe('Solo hubo un participante en el procedimiento.');
  });

  it('counts the invited bidders and names them only when every one has a name or RFC', () => {
    expect(say('FEW_INVITED_BIDDERS', { count: 1, bidders: [{ name: null, rfc: 'ASE0101011A1' }] })).toBe(
      'Solo RFC ASE0101011A1 se registró como participante en la invitación a cuando menos tres personas.',
    );
    expect(
      say('FEW_INVITED_BIDDERS', { count: 2, bidders: [{ name: 'A' }, { name: null, rfc: null }] }),
    ).toBe('Solo se registraron dos participantes en la invitación a cuando menos tres personas.');
    expect(say('FEW_INVITED_BIDDERS', { count: 1, bidders: [{ name: 'ALFA SERVICIOS, S.C.' }] })).toBe(
      'Solo ALFA SERVICIOS, S.C. se registró como participante en la invitación a cuando menos tres personas.',
    );
    expect(say('FEW_INVITED_BIDDERS', {})).toBe(
      'Se registraron menos de tres participantes en la invitación a cuando menos tres personas.',
    );
  });

  it("says the source's word when a direct award is over the limit without the monitor's limit", () => {
    const exceeded = {
      amount: 800000,
      limit: null,
      fiscalYear: '2024',
      limitExceeded: true,
      amountExceeded: '50000',
    };
    expect(say('OVER_DIRECT_AWARD_LIMIT', exceeded)).toBe(
      'La fuente indica que el contrato, adjudicado directamente por $800,000.00, excede el límite de la adjudicación directa por $50,000.00.',
    );
    expect(say('OVER_DIRECT_AWARD_LIMIT', { ...exceeded, amount: null, amountExceeded: 0 })).toBe(
      'La fuente indica que el contrato, adjudicado directamente, excede el límite de la adjudicación directa.',
    );
    // The source says so although the amount is under the monitor's limit: both facts are given.
    expect(say('OVER_DIRECT_AWARD_LIMIT', { ...exceeded, limit: 900000, amountExceeded: null })).toBe(
      'La fuente indica que el contrato, adjudicado directamente por $800,000.00, excede el límite de la adjudicación directa; el límite que el monitor registró para el ejercicio 2024 es de $900,000.00.',
    );
  });

  it('says a window of one day in words, and the chain without its facts when one is missing', () => {
    const chain = { total: 1_200_000, limit: 1000000, fiscalYear: '2024', windowDays: 1, members: 2 };
    expect(say('SPLIT_DIRECT_AWARDS', chain)).toBe(
      'Este contrato es una de 2 adjudicaciones directas de la misma unidad convocante al mismo proveedor, con un día o menos entre una y otra; cada una queda por debajo del límite de $1,000,000.00 del ejercicio 2024, pero juntas suman $1,200,000.00 y lo superan.',
    );
    expect(say('SPLIT_DIRECT_AWARDS', { ...chain, total: null })).toBe(say('SPLIT_DIRECT_AWARDS', {}));
    expect(say('SPLIT_DIRECT_AWARDS', {})).toBe(
      'Este contrato forma parte de una serie de adjudicaciones directas de la misma unidad convocante al mismo proveedor, firmadas en fechas cercanas; cada una queda por debajo del límite de la adjudicación directa, pero juntas lo superan.',
    );
  });

  it('computes the share from the amounts when it is missing, and says one contract in the singular', () => {
    const held = {
      administrationPeriod: '2024-2027',
      supplierAmount: 500000,
      supplierContracts: 1,
      unitAmount: 1000000,
      unitContracts: 5,
    };
    expect(say('SUPPLIER_CONCENTRATION', held)).toBe(
      'En la administración 2024-2027, el proveedor recibió el 50% del dinero que la unidad convocante entregó por adjudicación directa: $500,000.00 en un contrato de un total de $1,000,000.00 en 5 contratos.',
    );
    // A unit of one contract: the amounts without the counts (never '1 contratos').
    expect(say('SUPPLIER_CONCENTRATION', { ...held, unitAmount: 500000, unitContracts: 1 })).toBe(
      'En la administración 2024-2027, el proveedor recibió el 100% del dinero que la unidad convocante entregó por adjudicación directa: $500,000.00 de un total de $500,000.00.',
    );
    expect(say('SUPPLIER_CONCENTRATION', { threshold: 0.4, administrationPeriod: '2018-2021' })).toBe(
      'En la administración 2018-2021, el proveedor recibió más del 40% del dinero que la unidad convocante entregó por adjudicación directa.',
    );
  });

  it('says the day of the week or the holiday, and only that it was a non-working day without the date', () => {
    expect(say('NON_WORKING_DAY', { date: '2024-03-03', kind: 'SUNDAY', name: 'domingo' })).toBe(
      'El contrato se firmó el 03/03/2024, domingo.',
    );
    expect(say('NON_WORKING_DAY', { date: '2024-03-03', name: 'domingo' })).toBe(
      'El contrato se firmó el 03/03/2024, domingo.',
    );
    expect(say('NON_WORKING_DAY', { kind: 'SATURDAY' })).toBe('El contrato se firmó en un día inhábil.');
    expect(say('NON_WORKING_DAY', { date: '2024-09-16' })).toBe(
      'El contrato se firmó el 16/09/2024, un día inhábil.',
    );
    expect(say('NON_WORKING_DAY', {})).toBe('El contrato se firmó en un día inhábil.');
  });

  it('says the late publication without its dates when one of them or the quarter is missing', () => {
    expect(say('LATE_PUBLICATION', { informationDate: '2024-09-15', deadline: null, period: null })).toBe(
      'La información del contrato se obtuvo después del plazo para publicar el formato XXVIII de su trimestre.',
    );
  });

  it('dates one gone document, or several gone the same day', () => {
    const gone = (goneSince: string) => ({ url: 'https://a.example/x.pdf', goneSince });
    expect(say('DOCUMENT_GONE', { documents: [gone('2025-02-10T20:30:00Z')] })).toBe(
      'El contrato enlaza un documento que ya no está disponible en su sitio original desde el 10/02/2025.',
    );
    expect(
      say('DOCUMENT_GONE', { documents: [gone('2025-02-10T20:30:00Z'), gone('2025-02-10T21:00:00Z')] }),
    ).toBe(
      'El contrato enlaza 2 documentos que ya no están disponibles en su sitio original desde el 10/02/2025.',
    );
    // 03:00 UTC is still the evening before in Mexico City.
    expect(say('DOCUMENT_GONE', { documents: [gone('2025-02-11T03:00:00Z')] })).toContain(
      'desde el 10/02/2025',
    );
  });

  it('lists at most five of the names an RFC was published under', () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    expect(say('SHARED_RFC', { rfc: 'AAA010101AAA', names })).toBe(
      'El RFC AAA010101AAA aparece en este monitor con 7 nombres distintos, entre ellos «A», «B», «C», «D», «E».',
    );
    expect(say('SHARED_RFC', { rfc: 'AAA010101AAA', names: names.slice(0, 5) })).toBe(
      'El RFC AAA010101AAA aparece en este monitor con 5 nombres distintos: «A», «B», «C», «D», «E».',
    );
    expect(say('SHARED_RFC', { rfc: null, names: ['A'] })).toBe(
      'El RFC del proveedor aparece en este monitor con nombres distintos.',
    );
  });

  it('dates the list by its cut-off when it has one, and leaves the details out when one is missing', () => {
    const debarred = { ...EVIDENCE.SANCTIONED_SUPPLIER, cutOff: '2026-06-30', laws: null };
    expect(say('SANCTIONED_SUPPLIER', debarred)).toBe(
      'El contrato se firmó el 15/01/2027, cuando el proveedor (RFC GGA8306134F4) estaba inhabilitado del 10/06/2026 al 28/03/2028, según el directorio de proveedores y contratistas sancionados al 30/06/2026.',
    );
    expect(say('SANCTIONED_SUPPLIER', { to: '2028-03-28' })).toBe(
      'En la fecha del contrato, el proveedor estaba inhabilitado, según el directorio de proveedores y contratistas sancionados.',
    );
  });

  it('says an outlier without its fence or group size when they are missing', () => {
    expect(say('OUTLIER_AMOUNT', { amount: '9500000.00' })).toBe(
      'El monto del contrato ($9,500,000.00) es atípico entre los contratos del monitor de la misma materia y el mismo tipo de procedimiento.',
    );
  });

  it('says one amendment in the singular, with its date', () => {
    expect(
      say('AMENDED', { count: 1, amendments: [{ number: '1', signedDate: '2024-05-02', object: null }] }),
    ).toBe('El contrato tiene un convenio modificatorio registrado, firmado el 02/05/2024.');
    expect(say('AMENDED', { amendments: [] })).toBe(
      'El contrato tiene convenios modificatorios registrados.',
    );
  });

  it('reads stored evidence defensively: not an object, or a code no longer known', () => {
    expect(expectClean('AMENDED', null as unknown as Evidence)).toBe(
      'El contrato tiene convenios modificatorios registrados.',
    );
    expect(say('RETIRED_FLAG' as RedFlagCode, {})).toBe('El contrato tiene esta señal de alerta.');
  });
});

describe('flagSentence for SAT_69B: when the contract was signed', () => {
  const definitive = EVIDENCE.SAT_69B;
  const presumed = {
    rfc: 'EFO1203154K2',
    situation: 'PRESUNTO',
    presumptionDof: '2024-06-03',
    presumptionSat: '2024-05-20',
    definitiveDof: null,
    definitiveSat: null,
    cutOff: '2025-12-31',
  };
  const lead = 'El proveedor (RFC EFO1203154K2) está en la lista del SAT del artículo 69-B con situación';

  it('says a contract signed before any publication as such', () => {
    expect(say('SAT_69B', { ...definitive, contractDate: '2017-11-30' })).toBe(
      `${lead} «definitivo»; fue publicado como presunto el 01/06/2018 y como definitivo el 15/10/2018; el contrato se firmó el 30/11/2017, antes de que el proveedor apareciera en la lista (lista del SAT al 31/12/2025).`,
    );
    expect(say('SAT_69B', { ...presumed, contractDate: '2024-01-20' })).toBe(
      `${lead} «presunto»; fue publicado como presunto el 03/06/2024; el contrato se firmó el 20/01/2024, antes de que el proveedor apareciera en la lista (lista del SAT al 31/12/2025).`,
    );
  });

  it('says a contract signed after the presumption, between both, or after both publications', () => {
    expect(say('SAT_69B', { ...presumed, contractDate: '2024-07-01' })).toContain(
      'el contrato se firmó el 01/07/2024, después de su publicación como presunto (',
    );
    expect(say('SAT_69B', { ...definitive, contractDate: '2018-08-01' })).toContain(
      'el contrato se firmó el 01/08/2018, después de su publicación como presunto y antes de su publicación como definitivo (',
    );
    expect(say('SAT_69B', definitive)).toContain(
      'el contrato se firmó el 20/03/2019, después de ambas publicaciones (',
    );
  });

  it('says a contract signed on the day of a publication', () => {
    expect(say('SAT_69B', { ...definitive, contractDate: '2018-06-01' })).toContain(
      'el contrato se firmó el 01/06/2018, el mismo día en que se publicó como presunto (',
    );
    expect(say('SAT_69B', { ...definitive, contractDate: '2018-10-15' })).toContain(
      'el contrato se firmó el 15/10/2018, el mismo día en que se publicó como definitivo (',
    );
  });

  it("takes the SAT page's date when the DOF's is missing, and ignores a presumed taxpayer's definitive dates", () => {
    expect(
      say('SAT_69B', {
        ...presumed,
        presumptionDof: null,
        definitiveDof: '2025-01-10',
        contractDate: '2024-06-01',
      }),
    ).toBe(
      `${lead} «presunto»; fue publicado como presunto el 20/05/2024; el contrato se firmó el 01/06/2024, después de su publicación como presunto (lista del SAT al 31/12/2025).`,
    );
    expect(say('SAT_69B', { ...definitive, definitiveDof: null, contractDate: '2018-10-10' })).toContain(
      'fue publicado como presunto el 01/06/2018 y como definitivo el 01/10/2018; el contrato se firmó el 10/10/2018, después de ambas publicaciones',
    );
  });

  it('leaves out what is not known: the timing without a contract date, the dates without both, the cut-off', () => {
    expect(say('SAT_69B', { ...definitive, contractDate: null })).toBe(
      `${lead} «definitivo»; fue publicado como presunto el 01/06/2018 y como definitivo el 15/10/2018 (lista del SAT al 31/12/2025).`,
    );
    // Without the presumption's date the timing cannot be told: the situation and the list's date.
    expect(say('SAT_69B', { ...definitive, presumptionDof: null, presumptionSat: null })).toBe(
      `${lead} «definitivo» (lista del SAT al 31/12/2025).`,
    );
    // The slim copy of the list: no dates and no cut-off.
    expect(say('SAT_69B', { rfc: 'EFO1203154K2', situation: 'DEFINITIVO', contractDate: '2018-09-01' })).toBe(
      `${lead} «definitivo».`,
    );
    expect(say('SAT_69B', { ...presumed, contractDate: '2024-07-01', cutOff: null })).toBe(
      `${lead} «presunto».`,
    );
    expect(say('SAT_69B', { ...definitive, situation: 'DESVIRTUADO' })).toBe(
      'El proveedor está en la lista del SAT del artículo 69-B.',
    );
    expect(say('SAT_69B', {})).toBe('El proveedor está en la lista del SAT del artículo 69-B.');
  });
});

/** What every placeholder of the closed set stands for; a new one is added here on purpose. */
const PLACEHOLDERS = {
  money: ['amount', 'limit', 'excess', 'total', 'supplierAmount', 'unitAmount', 'fence'],
  dates: [
    'date',
    'informationDate',
    'deadline',
    'since',
    'presumptionDate',
    'definitiveDate',
    'contractDate',
    'cutOff',
    'loadedAt',
    'from',
    'to',
    'lastDate',
  ],
  counts: [
    'members',
    'windowDays',
    'supplierContracts',
    'unitContracts',
    'documents',
    'nameCount',
    'contracts',
    'amendmentCount',
  ],
  percentages: ['share', 'threshold'],
  // Names, RFCs, the list's entry, the quarter ('2o 2024'), the administration ('2021-2024') and the year.
  data: [
    'bidder',
    'rfc',
    'supplier',
    'first',
    'second',
    'names',
    'authority',
    'laws',
    'file',
    'period',
    'fiscalYear',
  ],
  // A word of a closed set, translated through its own keys (TRANSLATED_VALUES).
  words: ['holiday'],
};

describe('the closed set of sentence templates', () => {
  it('is small and listed: so many templates per flag, each once', () => {
    const perFlag = Object.fromEntries(
      Object.entries(FLAG_TEMPLATES).map(([code, templates]) => [code, Object.keys(templates).length]),
    );
    expect(perFlag).toEqual({
      SINGLE_BIDDER: 4,
      FEW_INVITED_BIDDERS: 5,
      OVER_DIRECT_AWARD_LIMIT: 7,
      SPLIT_DIRECT_AWARDS: 3,
      SUPPLIER_CONCENTRATION: 5,
      NON_WORKING_DAY: 5,
      LATE_PUBLICATION: 2,
      NO_CONTRACT_DOCUMENT: 1,
      NO_CALL_DOCUMENT: 1,
      DOCUMENT_GONE: 5,
      INVALID_RFC: 3,
      SHARED_RFC: 5,
      SAT_69B: 15,
      SANCTIONED_SUPPLIER: 5,
      OUTLIER_AMOUNT: 3,
      AMENDED: 5,
    });
    expect(Object.keys(FLAG_TEMPLATES)).toEqual([...RED_FLAG_CODES]);
    // The flags' 74 and the sentence of a code no longer known.
    expect(FLAG_SENTENCE_TEMPLATES).toHaveLength(75);
    expect(new Set(FLAG_SENTENCE_TEMPLATES).size).toBe(75);
    expect(FLAG_SENTENCE_TEMPLATES).toContain(UNKNOWN_FLAG_TEMPLATE);
  });

  it.each(FLAG_SENTENCE_TEMPLATES)('%s is one complete sentence with known placeholders', (template) => {
    expect(template).toMatch(/^[A-ZÁÉÍÓÚÑ][^\n]*[^.\s]\.$/);
    expect(template).not.toMatch(/\s{2}|\s[,.;:)]/);
    // No free text ends a sentence: a name ending in an abbreviation ('…, S.C.') would end it twice.
    const last = /\{\{(\w+)\}\}\.$/.exec(template)?.[1];
    expect(['bidder', 'supplier', 'first', 'second', 'authority', 'laws', 'file']).not.toContain(last);
    // Every '{{' opens a placeholder of the form {{name}} (no spaces, no i18next formats).
    expect(template.split('{{').length - 1).toBe([...template.matchAll(/\{\{[A-Za-z]+\}\}/g)].length);
    const known = Object.values(PLACEHOLDERS).flat();
    for (const name of placeholdersOf(template)) {
      expect(known).toContain(name);
      expect(I18NEXT_OPTIONS).not.toContain(name);
    }
  });

  it.each(FLAG_SENTENCE_TEMPLATES)('fills every placeholder of %s', (template) => {
    const names = placeholdersOf(template);
    const values = Object.fromEntries(names.map((name) => [name, `‹${name}›`]));
    const out = interpolate(template, values);
    expect(out).not.toMatch(/\{\{|\}\}/);
    for (const name of names) expect(out).toContain(`‹${name}›`);
    expect(out.replace(/‹[A-Za-z]+›/g, '')).toBe(template.replace(/\{\{[A-Za-z]+\}\}/g, ''));
  });

  const gone = (goneSince?: string) => ({ url: 'https://a.example/x.pdf', goneSince });
  const sat = EVIDENCE.SAT_69B;
  const presumed = { ...sat, situation: 'PRESUNTO', definitiveDof: null, definitiveSat: null };
  const sanctions = EVIDENCE.SANCTIONED_SUPPLIER;
  /** Evidence that gives each template: the type asks for one per template, so none is left unreached. */
  const REACHED: { [C in RedFlagCode]: Record<keyof (typeof FLAG_TEMPLATES)[C], Evidence> } = {
    SINGLE_BIDDER: {
      named: EVIDENCE.SINGLE_BIDDER,
      name: { bidder: { name: 'CONSTRUCTORA DEL BAJÍO, S.A. DE C.V.' } },
      rfc: { bidder: { rfc: 'CBA0101011A1' } },
      plain: { bidder: {} },
    },
    FEW_INVITED_BIDDERS: {
      oneNamed: { count: 1, bidders: [{ name: 'ALFA SERVICIOS, S.C.' }] },
      one: { count: 1, bidders: [{}] },
      twoNamed: EVIDENCE.FEW_INVITED_BIDDERS,
      two: { count: 2, bidders: [] },
      plain: { count: 3 },
    },
    OVER_DIRECT_AWARD_LIMIT: {
      overLimit: EVIDENCE.OVER_DIRECT_AWARD_LIMIT,
      overLimitPlain: { amount: 1500000, limitExceeded: false },
      sourceExcessLimit: {
        amount: 800000,
        limit: 900000,
        fiscalYear: '2024',
        limitExceeded: true,
        amountExceeded: 50000,
      },
      sourceLimit: { amount: 800000, limit: 900000, fiscalYear: '2024', limitExceeded: true },
      sourceExcess: { amount: 800000, limitExceeded: true, amountExceeded: '50000.00' },
      source: { amount: 800000, limitExceeded: true, amountExceeded: 0 },
      sourcePlain: { limitExceeded: true },
    },
    SPLIT_DIRECT_AWARDS: {
      chain: EVIDENCE.SPLIT_DIRECT_AWARDS,
      chainOneDay: { ...EVIDENCE.SPLIT_DIRECT_AWARDS, windowDays: 1 },
      plain: { ...EVIDENCE.SPLIT_DIRECT_AWARDS, limit: null },
    },
    SUPPLIER_CONCENTRATION: {
      counted: EVIDENCE.SUPPLIER_CONCENTRATION,
      countedOne: { ...EVIDENCE.SUPPLIER_CONCENTRATION, supplierContracts: 1 },
      amounts: { ...EVIDENCE.SUPPLIER_CONCENTRATION, unitContracts: null },
      threshold: { administrationPeriod: '2021-2024', threshold: 0.4 },
      plain: { share: 0.5 },
    },
    NON_WORKING_DAY: {
      saturday: { date: '2024-03-02', kind: 'SATURDAY', name: 'sábado' },
      sunday: { date: '2024-03-03', kind: 'SUNDAY', name: 'domingo' },
      holiday: EVIDENCE.NON_WORKING_DAY,
      date: { date: '2024-12-25', kind: 'HOLIDAY' },
      plain: { kind: 'HOLIDAY', name: 'Navidad (25 de diciembre)' },
    },
    LATE_PUBLICATION: {
      late: EVIDENCE.LATE_PUBLICATION,
      plain: { informationDate: '2024-09-15' },
    },
    NO_CONTRACT_DOCUMENT: { plain: {} },
    NO_CALL_DOCUMENT: { plain: {} },
    DOCUMENT_GONE: {
      one: { documents: [gone('2025-02-10T20:30:00Z')] },
      oneUndated: { documents: [gone()] },
      several: { documents: [gone('2025-02-10T20:30:00Z'), gone('2025-02-10T21:00:00Z')] },
      severalFirst: EVIDENCE.DOCUMENT_GONE,
      plain: { documents: [gone(), gone()] },
    },
    INVALID_RFC: {
      named: EVIDENCE.INVALID_RFC,
      rfc: { rfc: 'PEGJ80010' },
      plain: { supplier: 'Juan Pérez González' },
    },
    SHARED_RFC: {
      two: EVIDENCE.SHARED_RFC,
      several: { rfc: 'AAA010101AAA', names: ['A', 'B', 'C'] },
      many: { rfc: 'AAA010101AAA', names: ['A', 'B', 'C', 'D', 'E', 'F'] },
      rfc: { rfc: 'AAA010101AAA', names: ['A'] },
      plain: { names: ['A', 'B'] },
    },
    SAT_69B: {
      presumed: { ...presumed, contractDate: null },
      presumedSignedBefore: { ...presumed, contractDate: '2018-05-31' },
      presumedSignedSameDay: { ...presumed, contractDate: '2018-06-01' },
      presumedSignedAfter: { ...presumed, contractDate: '2018-06-02' },
      definitive: { ...sat, contractDate: null },
      definitiveSignedBefore: { ...sat, contractDate: '2018-05-31' },
      definitiveSignedOnPresumption: { ...sat, contractDate: '2018-06-01' },
      definitiveSignedBetween: { ...sat, contractDate: '2018-07-01' },
      definitiveSignedOnDefinitive: { ...sat, contractDate: '2018-10-15' },
      definitiveSignedAfter: sat,
      presumedListed: { ...presumed, presumptionDof: null, presumptionSat: null },
      definitiveListed: { ...sat, definitiveDof: null, definitiveSat: null },
      presumedUndated: { rfc: 'EFO1203154K2', situation: 'PRESUNTO' },
      definitiveUndated: { ...sat, cutOff: null },
      plain: { ...sat, rfc: null },
    },
    SANCTIONED_SUPPLIER: {
      cutOff: { ...sanctions, cutOff: '2026-06-30' },
      loaded: sanctions,
      cutOffBrief: { ...sanctions, cutOff: '2026-06-30', file: null },
      loadedBrief: { ...sanctions, authority: '' },
      plain: { ...sanctions, contractDate: null },
    },
    OUTLIER_AMOUNT: {
      fence: EVIDENCE.OUTLIER_AMOUNT,
      amount: { amount: 9500000, contracts: 45 },
      plain: { fence: 2450000.5, contracts: 45 },
    },
    AMENDED: {
      oneDated: { count: 1, amendments: [{ number: '1', signedDate: '2024-05-02' }] },
      one: { count: 1, amendments: [{ number: '1', signedDate: null }] },
      severalDated: EVIDENCE.AMENDED,
      several: { count: 3 },
      plain: {},
    },
  };
  const reached = Object.entries(REACHED).flatMap(([code, byTemplate]) =>
    Object.entries(byTemplate as Record<string, Evidence>).map(
      ([key, evidence]) => [code as RedFlagCode, key, evidence] as const,
    ),
  );

  it.each(reached)('says %s with its template %s when the data call for it', (code, key, evidence) => {
    expect(flagSentence(code, evidence).text).toBe((FLAG_TEMPLATES[code] as Record<string, string>)[key]);
    expectClean(code, evidence);
  });

  it('reaches every template, and nothing else', () => {
    const texts = reached.map(([code, , evidence]) => flagSentence(code, evidence).text);
    texts.push(flagSentence('RETIRED_FLAG' as RedFlagCode, {}).text);
    expect(new Set(texts)).toEqual(new Set(FLAG_SENTENCE_TEMPLATES));
  });

  it("gives a holiday's name as the one value that is a word, from the closed set of names", () => {
    expect(TRANSLATED_VALUES).toEqual({ holiday: Object.values(HOLIDAY_NAMES) });
    expect(Object.values(HOLIDAY_NAMES)).toHaveLength(12);
    for (const name of Object.values(HOLIDAY_NAMES)) {
      expect(flagSentence('NON_WORKING_DAY', { date: '2024-01-01', kind: 'HOLIDAY', name })).toEqual({
        text: 'El contrato se firmó el {{date}}, día inhábil: {{holiday}}.',
        values: { date: '01/01/2024', holiday: name },
      });
    }
    const words = FLAG_SENTENCE_TEMPLATES.flatMap(placeholdersOf).filter((name) =>
      Object.hasOwn(TRANSLATED_VALUES, name),
    );
    expect(new Set(words)).toEqual(new Set(PLACEHOLDERS.words));
  });
});

describe('unevaluatedFlags', () => {
  /** A concluded public procedure with every fact recorded: everything can be evaluated. */
  const complete: ContractFacts = {
    procedureType: 'PUBLIC',
    procedureState: 'CONCLUDED',
    fiscalYear: '2024',
    contractDate: '2024-04-15',
    informationDate: '2024-07-10',
    amount: 250000,
    countsInTotals: true,
    category: 'ACQUISITION',
    supplierId: '0190a0b2-0000-7000-8000-000000000001',
    supplierRfc: 'CBA0101011A1',
    bidders: 3,
    limitExceeded: null,
  };
  const directAward: ContractFacts = {
    ...complete,
    procedureType: 'NO_BID',
    bidders: 0,
    limitExceeded: false,
  };
  const withLimit: RedFlagParameters = {
    ...DEFAULT_RED_FLAG_PARAMETERS,
    directAwardLimits: { '2024': 1000000 },
  };
  const loaded = { sat69b: true, sanctions: true };
  const unevaluated = (
    facts: Partial<ContractFacts>,
    parameters: RedFlagParameters = withLimit,
    lists = loaded,
  ) => unevaluatedFlags({ ...complete, ...facts }, parameters, lists);
  const r = UNEVALUATED_REASONS;

  it('lists nothing when every fact is known', () => {
    expect(unevaluated({})).toEqual([]);
    expect(unevaluated(directAward)).toEqual([]);
    expect(unevaluated({ procedureType: 'INVITATION' })).toEqual([]);
  });

  it('lists the bidder flags of a procedure with competition that has no bidders recorded', () => {
    expect(unevaluated({ bidders: 0 })).toEqual([
      { code: 'SINGLE_BIDDER', reason: 'No hay participantes registrados.' },
    ]);
    expect(unevaluated({ procedureType: 'INVITATION', bidders: 0 })).toEqual([
      { code: 'SINGLE_BIDDER', reason: r.noBidders },
      { code: 'FEW_INVITED_BIDDERS', reason: r.noBidders },
    ]);
  });

  it('does not list flags that do not apply to the contract', () => {
    // A direct award has no bidders to count; a public procedure is neither over a limit nor split.
    expect(unevaluated({ ...directAward, bidders: 0 })).toEqual([]);
    expect(unevaluated({ amount: null, countsInTotals: false }, DEFAULT_RED_FLAG_PARAMETERS)).toEqual([]);
    // A deserted procedure awarded nothing: no supplier is expected.
    expect(
      unevaluated({ procedureState: 'DESERTED', supplierId: null, supplierRfc: null, countsInTotals: false }),
    ).toEqual([]);
    // Above the limit, a direct award cannot be part of a split chain, whatever else is missing.
    expect(
      unevaluated({ ...directAward, amount: 1500000, contractDate: null }).map((flag) => flag.code),
    ).toEqual(['NON_WORKING_DAY', 'SANCTIONED_SUPPLIER']);
  });

  it('lists the limit flags of a direct award when the monitor has no limit for its year', () => {
    expect(unevaluated({ ...directAward, limitExceeded: null }, DEFAULT_RED_FLAG_PARAMETERS)).toEqual([
      {
        code: 'OVER_DIRECT_AWARD_LIMIT',
        reason:
          'El monitor no ha registrado el límite de adjudicación directa del ejercicio fiscal del contrato.',
      },
      { code: 'SPLIT_DIRECT_AWARDS', reason: r.noLimit },
    ]);
    // Another year's limit does not count.
    const only2023 = { ...DEFAULT_RED_FLAG_PARAMETERS, directAwardLimits: { '2023': 900000 } };
    expect(unevaluated({ ...directAward, limitExceeded: null }, only2023)).toHaveLength(2);
    // Without a limit only the source's word counts: it answers the limit flag, never the chain.
    expect(unevaluated(directAward, DEFAULT_RED_FLAG_PARAMETERS)).toEqual([
      { code: 'SPLIT_DIRECT_AWARDS', reason: r.noLimit },
    ]);
    expect(unevaluated({ ...directAward, limitExceeded: true }, DEFAULT_RED_FLAG_PARAMETERS)).toEqual([
      { code: 'SPLIT_DIRECT_AWARDS', reason: r.noLimit },
    ]);
    expect(
      unevaluated({ ...directAward, fiscalYear: ' ', limitExceeded: null }, DEFAULT_RED_FLAG_PARAMETERS),
    ).toEqual([
      { code: 'OVER_DIRECT_AWARD_LIMIT', reason: r.noFiscalYear },
      { code: 'SPLIT_DIRECT_AWARDS', reason: r.noFiscalYear },
    ]);
  });

  it('lists the flags that read the amount when it is missing', () => {
    expect(unevaluated({ ...directAward, amount: null })).toEqual([
      { code: 'OVER_DIRECT_AWARD_LIMIT', reason: 'No se registró el monto del contrato.' },
      { code: 'SPLIT_DIRECT_AWARDS', reason: r.noAmount },
      { code: 'SUPPLIER_CONCENTRATION', reason: r.noAmount },
      { code: 'OUTLIER_AMOUNT', reason: r.noAmount },
    ]);
    // The source already says the limit was exceeded: the amount is not needed for that flag.
    expect(
      unevaluated({ ...directAward, amount: null, limitExceeded: true }).map((flag) => flag.code),
    ).not.toContain('OVER_DIRECT_AWARD_LIMIT');
  });

  it('lists the flags that read the contract date when it is missing', () => {
    expect(unevaluated({ contractDate: null })).toEqual([
      { code: 'NON_WORKING_DAY', reason: 'No se registró la fecha del contrato.' },
      { code: 'SANCTIONED_SUPPLIER', reason: r.noContractDate },
    ]);
    expect(unevaluated({ ...directAward, contractDate: null }).map((flag) => flag.code)).toEqual([
      'SPLIT_DIRECT_AWARDS',
      'NON_WORKING_DAY',
      'SANCTIONED_SUPPLIER',
    ]);
  });

  it('lists the late publication when the information date is missing', () => {
    expect(unevaluated({ informationDate: null })).toEqual([
      { code: 'LATE_PUBLICATION', reason: 'No se registró la fecha de obtención de la información.' },
    ]);
  });

  it('lists the missing contract document when the procedure state is unknown', () => {
    expect(unevaluated({ procedureState: null, countsInTotals: false })).toEqual([
      { code: 'NO_CONTRACT_DOCUMENT', reason: 'No se registró el estado del procedimiento.' },
    ]);
    expect(unevaluated({ procedureState: 'IN_PROGRESS', countsInTotals: false })).toEqual([]);
  });

  it('lists the supplier flags when the supplier has no RFC, or the contract no supplier', () => {
    expect(unevaluated({ supplierRfc: '  ' })).toEqual([
      { code: 'INVALID_RFC', reason: 'No se registró el RFC del proveedor.' },
      { code: 'SHARED_RFC', reason: r.noSupplierRfc },
      { code: 'SAT_69B', reason: r.noSupplierRfc },
      { code: 'SANCTIONED_SUPPLIER', reason: r.noSupplierRfc },
    ]);
    expect(unevaluated({ ...directAward, supplierId: null, supplierRfc: null })).toEqual([
      { code: 'SPLIT_DIRECT_AWARDS', reason: 'No se registró el proveedor del contrato.' },
      { code: 'SUPPLIER_CONCENTRATION', reason: r.noSupplier },
      { code: 'INVALID_RFC', reason: r.noSupplier },
      { code: 'SHARED_RFC', reason: r.noSupplier },
      { code: 'SAT_69B', reason: r.noSupplier },
      { code: 'SANCTIONED_SUPPLIER', reason: r.noSupplier },
    ]);
  });

  it('lists the list flags while their list is not loaded, after the missing RFC', () => {
    expect(unevaluated({}, withLimit, { sat69b: false, sanctions: false })).toEqual([
      {
        code: 'SAT_69B',
        reason:
          'La lista del SAT de contribuyentes con operaciones presuntamente inexistentes (artículo 69-B) todavía no se ha cargado en este portal.',
      },
      {
        code: 'SANCTIONED_SUPPLIER',
        reason:
          'La lista de proveedores y contratistas sancionados del gobierno federal todavía no se ha cargado en este portal.',
      },
    ]);
    expect(unevaluated({}, withLimit, { sat69b: true, sanctions: false }).map((flag) => flag.code)).toEqual([
      'SANCTIONED_SUPPLIER',
    ]);
    expect(unevaluated({ supplierRfc: null }, withLimit, { sat69b: false, sanctions: false })).toContainEqual(
      {
        code: 'SAT_69B',
        reason: r.noSupplierRfc,
      },
    );
  });

  it('lists the outlier flag of a counted contract without amount or category', () => {
    expect(unevaluated({ category: null })).toEqual([
      { code: 'OUTLIER_AMOUNT', reason: 'No se registró la materia del contrato.' },
    ]);
    expect(unevaluated({ amount: null })).toEqual([{ code: 'OUTLIER_AMOUNT', reason: r.noAmount }]);
  });

  it('never lists a flag switched off', () => {
    const off = (...codes: RedFlagCode[]): RedFlagParameters => ({
      ...withLimit,
      enabled: {
        ...DEFAULT_RED_FLAG_PARAMETERS.enabled,
        ...Object.fromEntries(codes.map((code) => [code, false])),
      },
    });
    expect(unevaluated({ procedureType: 'INVITATION', bidders: 0 }, off('SINGLE_BIDDER'))).toEqual([
      { code: 'FEW_INVITED_BIDDERS', reason: r.noBidders },
    ]);
    const nothing: Partial<ContractFacts> = {
      ...directAward,
      contractDate: null,
      informationDate: null,
      amount: null,
      category: null,
      supplierId: null,
      supplierRfc: null,
      procedureState: null,
      limitExceeded: null,
    };
    expect(
      unevaluated(nothing, DEFAULT_RED_FLAG_PARAMETERS, { sat69b: false, sanctions: false }).length,
    ).toBeGreaterThan(5);
    expect(unevaluated(nothing, off(...RED_FLAG_CODES), { sat69b: false, sanctions: false })).toEqual([]);
  });

  it('lists the flags in the order of the reference, each once, with a plain sentence', () => {
    const flags = unevaluated(
      { ...directAward, contractDate: null, informationDate: null, supplierRfc: null, procedureState: null },
      DEFAULT_RED_FLAG_PARAMETERS,
      { sat69b: false, sanctions: false },
    );
    const codes = flags.map((flag) => flag.code);
    expect(codes).toEqual(RED_FLAG_CODES.filter((code) => codes.includes(code)));
    for (const { reason } of flags) expect(reason).toMatch(/^[A-ZÁÉÍÓÚÑ][^{}]*\.$/);
  });
});
