import { describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES } from '../../../../shared/schemas/catalogues';
import { row, sheetRow } from '../../../test/data-load-rows';
import { AMOUNT_FORMAT_ERROR, DATE_FORMAT_ERROR, RFC_FORMAT_INFO, URL_PREFIXED_INFO } from './cells';
import { FLAG_ERROR, NO_NUMBER_INFO, PLACEHOLDER_INFO, PREFIX_INFO, quarterError } from './rows';
import { isBlankRow } from './sheet-reader';

describe('reading a row of the sheet', () => {
  it('reads a valid row without errors: choices by their Spanish words, dates, amounts', () => {
    const read = row({ C5: '1o 2019' });
    expect(read.hasErrors).toBe(false);
    expect(read.rowIndex).toBe(3);
    expect(read.cells.C1).toEqual({ text: 'Adjudicación directa', value: 'NO_BID', errors: [], infos: [] });
    expect(read.cells.C8!.value).toBe('CONCLUDED');
    expect(read.cells.C5!.value).toBe('1o 2019');
    expect(read.cells.C21!.value).toBe('2019-03-15');
    expect(read.cells.C22!.value).toBe(116_000);
    expect(read.cells.C34!.value).toBe(false);
    expect(read.isEmpty).toBe(false);
  });

  it('matches choices whole, without accents or case, and lists the options otherwise', () => {
    expect(row({ C1: ' LICITACIÓN   PÚBLICA ' }).cells.C1!.value).toBe('PUBLIC');
    expect(row({ C19: 'paramunicipal' }).cells.C19!.value).toBe('DESCENTRALIZED');
    const wrong = row({ C1: 'Licitación pública y algo más' }).cells.C1!;
    expect(wrong.value).toBeNull();
    expect(wrong.errors[0]).toMatch(
      // The template's words (its drop-down and instructions), not the synonyms the import also reads.
      /^El valor indicado no se encuentra en las opciones permitidas para este campo\. Opciones: Pública, Por invitación, Adjudicación Directa\.$/,
    );
  });

  it('refuses a text with half of a character (a lone surrogate of an .xls) and keeps it storable', () => {
    const cell = row({ C11: 'Servicio \ud800 de limpieza' }).cells.C11!;
    expect(cell).toEqual({
      text: 'Servicio \ufffd de limpieza',
      value: null,
      errors: ['El texto contiene caracteres no válidos.'],
      infos: [],
    });
  });

  it("reads the supplier's name by the catalogue's rule: real names pass, a formula does not", () => {
    for (const name of ['3M MEXICO', 'GRUPO 2000, S.A. DE C.V.', 'PROVEEDOR P3 K20 0'])
      expect(row({ C15: name }).cells.C15).toEqual({ text: name, value: name, errors: [], infos: [] });
    expect(row({ C15: '=HYPERLINK("http://evil.example","3M")' }).cells.C15).toMatchObject({
      value: null,
      errors: [SUPPLIER_MESSAGES.nameFormat],
    });
    expect(row({ C15: 'X' }).cells.C15!.errors).toEqual([SUPPLIER_MESSAGES.nameMin]);
  });

  it("removes the original's override prefixes with an info", () => {
    const cell = row({ C11: '!r1 Servicio de limpieza' }).cells.C11!;
    expect(cell).toMatchObject({ value: 'Servicio de limpieza', infos: [PREFIX_INFO('!r1')], errors: [] });
  });

  it('reads placeholders as empty: an info when optional, the required error when required', () => {
    expect(row({ C7: 'N/A' }).cells.C7).toMatchObject({ value: null, infos: [PLACEHOLDER_INFO], errors: [] });
    const required = row({ C11: 's/d' }).cells.C11!;
    expect(required.value).toBeNull();
    expect(required.errors).toEqual(['El campo Descripción de las obras, bienes o servicios es requerido']);
  });

  it('accepts a placeholder contract number as no number, with an info', () => {
    const read = row({ C20: 'NA' });
    expect(read.cells.C20).toMatchObject({ value: null, errors: [], infos: [NO_NUMBER_INFO] });
    expect(read.hasErrors).toBe(false);
  });

  it('asks only the always-required columns of a "no procedures held" row', () => {
    const empty = row({ C34: 'Sí', C8: '', C11: '', C15: '', C20: '', C21: '', C22: '', C25: '' });
    expect(empty.isEmpty).toBe(true);
    expect(empty.hasErrors).toBe(false);
    const full = row({ C11: '', C1: '' });
    expect(full.cells.C11!.errors).toEqual([
      'El campo Descripción de las obras, bienes o servicios es requerido',
    ]);
    expect(full.cells.C1!.errors).toEqual(['El campo Tipo de procedimiento es requerido']);
  });

  it('reports each unreadable cell with its message', () => {
    const read = row({ C21: '31/02/2019', C22: '1,2,3', C34: 'quizás', C5: 'primavera 2019' });
    expect(read.cells.C21!.errors).toEqual([DATE_FORMAT_ERROR]);
    expect(read.cells.C22!.errors).toEqual([AMOUNT_FORMAT_ERROR]);
    expect(read.cells.C34!.errors).toEqual([FLAG_ERROR]);
    expect(read.cells.C5!.errors).toEqual([quarterError('Periodo')]);
    expect(read.hasErrors).toBe(true);
  });

  it('reads links, RFCs and the direct-award limit as the rules say', () => {
    const read = row({
      C26: { value: 'Ver contrato', hyperlink: 'https://transparencia.example.org/c.pdf' },
      C9: 'www.ejemplo.gob.mx/convocatoria.pdf',
      C16: 'XYZ',
      C32: 'No aplica',
    });
    expect(read.cells.C26!.value).toBe('https://transparencia.example.org/c.pdf');
    expect(read.cells.C9).toMatchObject({ infos: [URL_PREFIXED_INFO], errors: [] });
    expect(read.cells.C16).toMatchObject({ value: null, infos: [RFC_FORMAT_INFO], errors: [] });
    expect(read.cells.C32!.value).toBe(false);
    expect(read.hasInfos).toBe(true);
    expect(row({ C32: 'Excede el límite' }).cells.C32!.value).toBe(true);
  });

  it('keeps scripts as plain text', () => {
    expect(row({ C11: '<script>alert(1)</script>' }).cells.C11!.value).toBe('<script>alert(1)</script>');
    expect(row({ C11: '=HYPERLINK("http://x")' }).cells.C11!.value).toBe('=HYPERLINK("http://x")');
  });

  it('tells a blank row from one with a value', () => {
    expect(isBlankRow(sheetRow(3, { C1: '  ', C11: '  ', C34: '' }))).toBe(true);
    expect(isBlankRow(sheetRow(3, { C11: 'x' }))).toBe(false);
  });
});
