import { describe, expect, it } from 'vitest';
import { RED_FLAG_CODES, RED_FLAGS } from '../red-flags/definitions';
import { formulaReferences, parseFormula } from './formula';
import { linkedCount, VARIABLE_LINKS } from './links';
import { FLAG_VARIABLES, flagVariableNames, groupOf, VARIABLE_BY_ABBREVIATION, VARIABLES } from './variables';

describe('the variables of formulas', () => {
  it('has one definition per abbreviation, each one a formula can name', () => {
    expect(VARIABLE_BY_ABBREVIATION.size).toBe(VARIABLES.length);
    for (const { abbreviation } of VARIABLES)
      expect(formulaReferences(parseFormula(`${abbreviation} + 1`)).variables).toEqual([abbreviation]);
  });

  it('offers two variables per red flag and two for any flag, grouped apart, each with its list', () => {
    expect(FLAG_VARIABLES).toHaveLength(2 * RED_FLAG_CODES.length + 2);
    expect(flagVariableNames('SINGLE_BIDDER')).toEqual({ count: '$NSAUP', amount: '$MSAUP' });
    expect(flagVariableNames('ANY')).toEqual({ count: '$NSA', amount: '$MSA' });
    for (const code of RED_FLAG_CODES) {
      const { count, amount } = flagVariableNames(code);
      expect(VARIABLE_BY_ABBREVIATION.get(count)).toMatchObject({ unit: 'COUNT', flag: code });
      expect(VARIABLE_BY_ABBREVIATION.get(count)?.name).toContain(`«${RED_FLAGS[code].name}»`);
      expect(VARIABLE_BY_ABBREVIATION.get(amount)).toMatchObject({ unit: 'AMOUNT', flag: code });
      expect(VARIABLE_LINKS[count]?.filters).toEqual({ countedOnly: true, redFlags: [code] });
      expect(VARIABLE_LINKS[amount]).toMatchObject({ countedBy: count, filters: { redFlags: [code] } });
    }
    expect(FLAG_VARIABLES.every((variable) => groupOf(variable) === 'SEÑALES DE ALERTA')).toBe(true);
    expect(groupOf(VARIABLE_BY_ABBREVIATION.get('$MTG')!)).toBe('GENERAL');
    expect(groupOf(VARIABLE_BY_ABBREVIATION.get('$NTC')!)).toBe('CONTRATOS');
    // The amount's list counts the contracts its count variable counts.
    expect(linkedCount('$MSAUP', { $NSAUP: 3, $MSAUP: 700 })).toBe(3);
    expect(linkedCount('$NSA', { $NSA: 5 })).toBe(5);
  });
});
