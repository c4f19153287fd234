import { describe, expect, it } from 'vitest';
import {
  conceptOf,
  formatLabel,
  isFormat28HeaderRow,
  MAIN_CONCEPTS,
  type MainConcept,
  normaliseHeader,
} from './headers';
import { linkId } from './reader';

/** A header's concept, as a fresh row of headers would take it. */
const concept = (header: string) => conceptOf(MAIN_CONCEPTS, normaliseHeader(header), new Set<MainConcept>());

describe("format 28's headers (pnt-format-28.md §2)", () => {
  it('compares headers without their Tabla suffix, criterion prefix, spaces, case, accents and final colon', () => {
    expect(normaliseHeader('Posibles contratantes \nTabla_492838')).toBe('POSIBLES CONTRATANTES');
    expect(normaliseHeader('Posibles Contratantes (Tabla_334277)')).toBe('POSIBLES CONTRATANTES');
    expect(normaliseHeader('ESTE CRITERIO APLICA A PARTIR DEL 01/07/2023 -> Sexo (catálogo)')).toBe(
      'SEXO (CATALOGO)',
    );
    expect(normaliseHeader('Número que identifique al contrato ')).toBe('NUMERO QUE IDENTIFIQUE AL CONTRATO');
    expect(normaliseHeader('Se realizaron convenios y/o contratos modificatorios (catálogo):')).toBe(
      'SE REALIZARON CONVENIOS Y/O CONTRATOS MODIFICATORIOS (CATALOGO)',
    );
  });

  it('reads each concept under the wordings of the 2018, 2021 and 2024 layouts', () => {
    const cases: [string, MainConcept | null][] = [
      ['Materia (catálogo)', 'category'],
      ['Materia o tipo de contratación (catálogo)', 'category'],
      ['Número de expediente, folio o nomenclatura que lo identifique', 'procedureNumber'],
      ['Descripción de obras, bienes o servicios', 'description'],
      [
        'Descripción de las obras públicas, los bienes o los servicios contratados o arrendados',
        'description',
      ],
      ['Nombre(s) del adjudicado', 'supplierGivenNames'],
      ['Nombre(s) de la persona física ganadora, asignada o adjudicada', 'supplierGivenNames'],
      ['Razón social del contratista o proveedor', 'supplierLegalName'],
      ['Denominación o razón social', 'supplierLegalName'],
      ['RFC de la persona física o moral contratista o proveedor ', 'supplierRfc'],
      [
        'Registro Federal de Contribuyentes (RFC) de la persona física o moral contratista o proveedora ganadora, asignada o adjudicada',
        'supplierRfc',
      ],
      ['Monto total del contrato con impuestos incluidos (expresado en pesos mexicanos)', 'amountTotal'],
      ['Monto del contrato sin impuestos incluidos', 'amountBeforeTax'],
      ['Monto máximo, en su caso', 'amountMax'],
      ['Fecha del contrato expresada con el formato día/mes/año', 'contractDate'],
      ['Área(s) responsable(s) de la ejecución del contrato ', 'executingArea'],
      [
        'Área(s) responsable(s) que genera(n), posee(n), publica(n) y actualizan la información',
        'areaInCharge',
      ],
      [
        'Nombre completo o razón social de las cotizaciones consideradas y monto de las mismas \nTabla_492972',
        'bidders',
      ],
      [
        'Relación con los nombres de las/los participantes en la junta de aclaraciones. En el caso de personas morales especificar su denominación o razón social',
        'clarificationAttendees',
      ],
      ['Datos de los convenios modificatorios de la contratación \nTabla_492969', 'amendments'],
      ['Se realizaron convenios modificatorios (catálogo)', null],
      ['Nombre completo de la(s) persona(s) beneficiaria(s) final(es)', 'beneficialOwners'],
      [
        'Hipervínculo al fallo de la junta de aclaraciones o al documento correspondiente',
        'clarificationMeetingUrl',
      ],
      [
        'Hipervínculo al acta o documento donde conste la presentación y apertura de las propuestas',
        'proposalsUrl',
      ],
      ['Tipo de moneda', null],
    ];
    for (const [header, expected] of cases) expect([header, concept(header)]).toEqual([header, expected]);
  });

  it("tells format 28 from the original's template, and names its version", () => {
    const row = (...headers: string[]) => headers.map(normaliseHeader);
    expect(
      isFormat28HeaderRow(
        row('Ejercicio', 'Fecha de inicio del periodo que se informa', 'Tipo de procedimiento (catálogo)'),
      ),
    ).toBe(true);
    expect(
      isFormat28HeaderRow(row('Fecha de inicio del periodo que se informa', 'Nombre(s) del adjudicado')),
    ).toBe(true);
    // The template also has Ejercicio and Tipo de procedimiento, beside its own Periodo que se reporta.
    expect(
      isFormat28HeaderRow(
        row('Tipo de procedimiento', 'Administración', 'Ejercicio', 'Periodo que se reporta'),
      ),
    ).toBe(false);
    expect(formatLabel(row('Ejercicio', 'Tipo de procedimiento (catálogo)', 'Posibles contratantes'))).toBe(
      'Formato 28 de la Plataforma Nacional de Transparencia (2018, licitación e invitación)',
    );
    expect(
      formatLabel(row('Ejercicio', 'Carácter del procedimiento (catálogo)', 'Nombre(s) del adjudicado')),
    ).toBe('Formato 28 de la Plataforma Nacional de Transparencia (2021, adjudicación directa)');
    expect(formatLabel(row('Ejercicio', 'Se declaró desierta la licitación pública (catálogo)'))).toBe(
      'Formato 28 de la Plataforma Nacional de Transparencia (2024, formato único)',
    );
  });

  it('takes a sub-table ID only when it is a whole number above 0', () => {
    expect(linkId(3)).toBe('3');
    expect(linkId(' 12 ')).toBe('12');
    expect(linkId('4.0')).toBe('4');
    for (const none of [0, '0', '', null, 2.5, 'Colocar el ID de los registros de la Tabla_492838', 'NA'])
      expect(linkId(none)).toBeNull();
  });
});
