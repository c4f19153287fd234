import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES } from '../../../shared/contracts/schema';
import { row } from '../../test/data-load-rows';
import { checkContractRules, DIRECT_AWARD_ONLY_INFO, TOTAL_COPIED_INFO } from './contract-rules';
import { AMOUNT_FORMAT_ERROR } from './sheet/cells';

const check = (changes: Record<string, unknown> = {}) => {
  const read = row(changes);
  const { values } = checkContractRules(read);
  return { read, values };
};

describe('the contract rules of a sheet row', () => {
  it('accepts a valid row and derives a NORMAL contract from a total', () => {
    const { read, values } = check();
    expect(read.hasErrors).toBe(false);
    expect(values).toMatchObject({
      procedureType: 'NO_BID',
      contractType: 'NORMAL',
      totalAmount: 116_000,
      totalOrMaxAmount: 116_000,
      contractDate: '2019-03-15',
      period: '1o 2019',
      limitExceeded: false,
    });
  });

  it('derives an OPEN contract from a minimum and a maximum, and the total or maximum must be the maximum', () => {
    const open = check({ C22: '', C23: 50_000, C24: 200_000, C25: 200_000 });
    expect(open.values).toMatchObject({ contractType: 'OPEN', totalOrMaxAmount: 200_000 });
    const mismatch = check({ C22: '', C23: 50_000, C24: 200_000, C25: 150_000 });
    expect(mismatch.values).toBeNull();
    expect(mismatch.read.cells.C25!.errors).toEqual([CONTRACT_MESSAGES.totalMatchesMax]);
    const zeroMinimum = check({ C23: 0, C24: 200_000 });
    expect(zeroMinimum.values).toMatchObject({ contractType: 'NORMAL' });
  });

  it('reports an unreadable total or maximum (C25) on C25 only: C22, optional, is not also required', () => {
    const { read, values } = check({ C22: '', C25: '1,2,3' });
    expect(values).toBeNull();
    expect(read.cells.C25!.errors).toEqual([AMOUNT_FORMAT_ERROR]);
    expect(read.cells.C22!.errors).toEqual([]);
    expect(
      Object.entries(read.cells)
        .filter(([, cell]) => cell.errors.length > 0)
        .map(([code]) => code),
    ).toEqual(['C25']);
  });

  it('copies the total or maximum as the total when only it is given, with an info', () => {
    const { read, values } = check({ C22: '' });
    expect(values).toMatchObject({ totalAmount: 116_000, totalOrMaxAmount: 116_000 });
    expect(read.cells.C22!.infos).toEqual([TOTAL_COPIED_INFO]);
  });

  it('says when the total or maximum differs from the total, naming the rule of the form', () => {
    const { read } = check({ C22: 100_000, C25: 116_000 });
    expect(read.cells.C25!.errors).toEqual([CONTRACT_MESSAGES.totalMatchesTotal]);
  });

  it("requires a decentralised body's units to be the same, by name", () => {
    const same = check({ C19: 'Descentralizado', C17: 'DIF Municipal', C18: ' dif  municipal ' });
    expect(same.read.hasErrors).toBe(false);
    const different = check({ C19: 'Descentralizado', C17: 'DIF Municipal', C18: 'Tesorería' });
    expect(different.read.cells.C18!.errors).toEqual([CONTRACT_MESSAGES.decentralized]);
  });

  it('ignores the direct-award limit on other procedures, with an info', () => {
    const { read, values } = check({ C1: 'Licitación pública', C32: 'Excede', C33: 5_000 });
    expect(values).toMatchObject({ limitExceeded: null, amountExceeded: null });
    expect(read.cells.C32!.infos).toEqual([DIRECT_AWARD_ONLY_INFO]);
    expect(read.cells.C33!.infos).toEqual([DIRECT_AWARD_ONLY_INFO]);
  });

  it('applies the form formats and lengths with the form messages', () => {
    const { read } = check({ C3: '2021-2018', C4: '19', C11: 'x'.repeat(5_001) });
    expect(read.cells.C3!.errors).toHaveLength(1);
    expect(read.cells.C4!.errors[0]).toMatch(/Ejercicio/);
    expect(read.cells.C11!.errors).toHaveLength(1);
    expect(read.hasErrors).toBe(true);
  });

  it('does not repeat what the reading already said', () => {
    const { read } = check({ C21: '31/02/2019', C11: '' });
    expect(read.cells.C21!.errors).toEqual(['La fecha no tiene un formato válido (dd/mm/aaaa)']);
    expect(read.cells.C11!.errors).toEqual([
      'El campo Descripción de las obras, bienes o servicios es requerido',
    ]);
  });
});
