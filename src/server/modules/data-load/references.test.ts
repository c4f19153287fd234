import { describe, expect, it } from 'vitest';
import { References, rfcElsewhereInfo } from './references';

const references = new References({
  suppliers: [
    { id: 's1', name: 'CONSTRUCTORA DEL VALLE SA DE CV', rfc: 'CVA010101AB1' },
    { id: 's2', name: 'Papelería Central', rfc: null },
    { id: 's3', name: 'Limpieza Total', rfc: 'LTO020202CD2' },
  ],
  units: [{ id: 'u1', name: 'Dirección de Obras Públicas' }],
});

describe('matching suppliers and units of a load against the monitor', () => {
  it('finds a supplier by RFC first, telling when the sheet names it otherwise', () => {
    expect(references.supplier('Constructora del Valle, S.A. de C.V.', 'CVA010101AB1')).toEqual({
      match: { id: 's1', name: 'CONSTRUCTORA DEL VALLE SA DE CV', rfc: 'CVA010101AB1' },
    });
    expect(references.supplier('Otra Razón Social', 'CVA010101AB1')).toEqual({
      match: { id: 's1', name: 'CONSTRUCTORA DEL VALLE SA DE CV', rfc: 'CVA010101AB1' },
      info: rfcElsewhereInfo('CONSTRUCTORA DEL VALLE SA DE CV'),
    });
  });

  it('finds a supplier by its normalised name (case, accents, punctuation, company type)', () => {
    expect(references.supplier('  PAPELERIA   central ', null).match).toMatchObject({ id: 's2' });
    expect(references.supplier('Papelería Central', 'PCE030303EF3').match).toMatchObject({ id: 's2' });
  });

  it('keeps apart a supplier of the same name registered with another RFC, and new ones by key', () => {
    expect(references.supplier('Limpieza Total', 'XYZ040404GH4').match).toEqual({ key: 'R:XYZ040404GH4' });
    expect(references.supplier('Proveedor Nuevo, S.A. de C.V.', null).match).toEqual({
      key: 'N:PROVEEDOR NUEVO SA DE CV',
    });
  });

  it('finds units by normalised name', () => {
    expect(references.unit('DIRECCION DE OBRAS PUBLICAS')).toMatchObject({ id: 'u1' });
    expect(references.unit('Tesorería')).toEqual({ key: 'N:TESORERIA' });
  });
});
