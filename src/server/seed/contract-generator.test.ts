import { describe, expect, it } from 'vitest';
import { SupplierNameSchema } from '../../shared/schemas/catalogues';
import { generateSuppliers, generateUnits } from './catalogue-generator';
import { generateContracts } from './contract-generator';
import { Random } from './random';
import { type GeneratorSpec, quartersOf } from './rows';

const spec: GeneratorSpec = {
  organizationId: '0192aaaa-0000-7000-8000-000000000001',
  code: 'TST',
  slug: 'prueba',
  units: ['Dirección de Adquisiciones', 'Dirección de Obras Públicas', 'Tesorería Municipal'],
  purchasingUnits: ['Dirección de Adquisiciones'],
  worksUnit: 'Dirección de Obras Públicas',
  administrationPeriods: ['2021-2024', '2024-2027'],
  lastQuarter: { quarter: 3, year: 2026 },
  supplierCount: 40,
  amountScale: 1,
};

function generate(seed: number, count: number) {
  const random = new Random(seed);
  const createdAt = new Date('2021-10-01T00:00:00Z');
  const units = generateUnits(random, spec, createdAt);
  const suppliers = generateSuppliers(random, spec, createdAt);
  return { units, suppliers, contracts: [...generateContracts(random, spec, units, suppliers, count)] };
}

describe('demonstration data generator', () => {
  it('gives administration periods their quarters: Q4 of the first year to Q3 of the last', () => {
    const quarters = quartersOf(spec);
    expect(quarters[0]).toMatchObject({ label: '4o 2021', administrationPeriod: '2021-2024' });
    expect(quarters.find((q) => q.label === '3o 2024')?.administrationPeriod).toBe('2021-2024');
    expect(quarters.find((q) => q.label === '4o 2024')?.administrationPeriod).toBe('2024-2027');
    expect(quarters.at(-1)?.label).toBe('3o 2026');
    expect(quarters).toHaveLength(12 + 8);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generate(7, 300)).toEqual(generate(7, 300));
    expect(generate(8, 300).contracts[10]?.id).not.toBe(generate(7, 300).contracts[10]?.id);
  });

  it('makes the requested number of contracts with unique numbers', () => {
    const { contracts } = generate(11, 2_000);
    expect(contracts).toHaveLength(2_000);
    const numbers = contracts.map((c) => c.contractNumber).filter(Boolean);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(new Set(contracts.map((c) => c.id)).size).toBe(2_000);
  });

  it('keeps totalOrMaxAmount equal to the total (NORMAL) or the maximum (OPEN)', () => {
    for (const contract of generate(12, 2_000).contracts) {
      if (contract.contractType === 'NORMAL') expect(contract.totalOrMaxAmount).toBe(contract.totalAmount);
      if (contract.contractType === 'OPEN') {
        expect(contract.totalOrMaxAmount).toBe(contract.maxAmount);
        expect(contract.minAmount!).toBeLessThan(contract.maxAmount!);
      }
      if (contract.procedureType !== 'NO_BID') expect(contract.limitExceeded).toBeNull();
    }
  });

  it('gives a decentralized unit the same convening and requesting unit', () => {
    for (const contract of generate(13, 2_000).contracts) {
      if (contract.administrativeUnitType === 'DESCENTRALIZED') {
        expect(contract.organizerAdministrativeUnitId).toBe(contract.applicantAdministrativeUnitId);
      }
    }
  });
});

describe('supplier generator at scale', () => {
  it('gives as many suppliers as asked, past what the word lists can name (the 5M seed asks 333,333)', () => {
    const random = new Random(3);
    const suppliers = generateSuppliers(
      random,
      { ...spec, supplierCount: 170_000 },
      new Date('2021-10-01T00:00:00Z'),
    );
    expect(suppliers).toHaveLength(170_000);
    expect(new Set(suppliers.map((s) => s.name)).size).toBe(170_000);
    expect(new Set(suppliers.map((s) => s.rfc)).size).toBe(170_000);
    const named = suppliers.filter((s) => !SupplierNameSchema.safeParse(s.name).success);
    expect(named.map((s) => s.name).slice(0, 3)).toEqual([]);
    // About 4 s on an idle 2-core machine, over 30 s when it is shared.
  }, 120_000);
});
