import type { ContractCategory } from '../../shared/constants/enums';
import type { Random } from './random';
import { DAY, type GeneratorSpec, type SupplierRow, type UnitRow } from './rows';
import { COMPANY_CORES, COMPANY_KINDS, COMPANY_SUFFIXES, GIVEN_NAMES, SURNAMES } from './vocabulary';

export function generateUnits(random: Random, spec: GeneratorSpec, createdAt: Date): UnitRow[] {
  return spec.units.map((name) => ({
    id: random.uuid(createdAt.getTime()),
    organizationId: spec.organizationId,
    name,
    createdAt,
  }));
}

/** Suppliers with unique names and well-formed, unique RFCs (companies 12 characters, people 13). */
export function generateSuppliers(random: Random, spec: GeneratorSpec, createdAt: Date): SupplierRow[] {
  const names = new Set<string>();
  const rfcs = new Set<string>();
  const rows: SupplierRow[] = [];
  let attempts = 0;
  while (rows.length < spec.supplierCount && attempts < spec.supplierCount * 50) {
    attempts++;
    const isCompany = random.chance(0.68);
    let name: string;
    let rfc: string;
    let categories: readonly ContractCategory[];
    if (isCompany) {
      const kind = random.pick(COMPANY_KINDS);
      const core = random.pick(COMPANY_CORES);
      const crowded = attempts > spec.supplierCount * 2;
      const extra = crowded || random.chance(0.2) ? ` ${random.pick(COMPANY_CORES)}` : '';
      // Past twice the attempts the word lists are nearly used up (about 157,000 names): a branch
      // number keeps each name new, instead of drawing millions of taken ones (the 5M seed).
      const branch = crowded ? ` ${rows.length + 1}` : '';
      name = `${kind.prefix} ${core}${extra}${branch} ${random.pick(COMPANY_SUFFIXES)}`;
      rfc = companyRfc(random, `${kind.prefix} ${core}${extra}`);
      categories = kind.categories;
    } else {
      const given = random.pick(GIVEN_NAMES);
      const first = random.pick(SURNAMES);
      const second = random.pick(SURNAMES);
      name = `${given} ${first} ${second}`;
      rfc = personRfc(random, given, first, second);
      categories = random.chance(0.5) ? ['SERVICES'] : ['ACQUISITION', 'SERVICES'];
    }
    if (names.has(name)) continue;
    while (rfcs.has(rfc)) rfc = `${rfc.slice(0, -3)}${homoclave(random)}`;
    names.add(name);
    rfcs.add(rfc);
    rows.push({
      id: random.uuid(createdAt.getTime()),
      organizationId: spec.organizationId,
      name,
      rfc,
      categories,
      createdAt,
    });
  }
  return rows;
}

const STOP_WORDS = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'Y', 'EL']);
const RFC_ALPHABET = 'ABCDEFGHIJKLMNPQRSTUVWXYZ123456789';

function homoclave(random: Random): string {
  return `${random.pick([...RFC_ALPHABET])}${random.pick([...RFC_ALPHABET])}${random.pick([...'0123456789A'])}`;
}

function rfcDate(random: Random, fromYear: number, toYear: number): string {
  const day = Date.UTC(fromYear, 0, 1) + random.int(0, (toYear - fromYear) * 365) * DAY;
  return new Date(day).toISOString().slice(2, 10).replaceAll('-', '');
}

function companyRfc(random: Random, name: string): string {
  const words = name.split(' ').filter((word) => !STOP_WORDS.has(word));
  let letters = words.map((word) => word[0]).join('');
  if (letters.length < 3) letters += (words[0] ?? 'XXX').slice(1, 4 - letters.length);
  return `${letters.slice(0, 3).replaceAll('Ñ', 'X')}${rfcDate(random, 1985, 2021)}${homoclave(random)}`;
}

function personRfc(random: Random, given: string, first: string, second: string): string {
  const vowel = first.slice(1).match(/[AEIOU]/)?.[0] ?? 'X';
  const names = given.split(' ');
  const name = (names[0] === 'MARIA' || names[0] === 'JOSE') && names[1] ? names[1] : (names[0] ?? 'X');
  const letters = `${first[0]}${vowel}${second[0]}${name[0]}`.replaceAll('Ñ', 'X');
  return `${letters}${rfcDate(random, 1950, 2001)}${homoclave(random)}`;
}
