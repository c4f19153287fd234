import { describe, expect, it } from 'vitest';
import { parseGridPreferences, serializeGridPreferences } from './grid-preferences';

const COLUMNS = [{ field: 'name' }, { field: 'rfc' }, { field: 'createdAt', visible: false }];

describe('catalogue grid preferences', () => {
  it('start as the catalogue defines them without anything stored, or with unreadable storage', () => {
    for (const raw of [null, '', '{', '"text"', '[]', 'null', '{"columns":5,"limit":"x"}']) {
      const preferences = parseGridPreferences(raw, COLUMNS);
      expect([...preferences.hidden], String(raw)).toEqual(['createdAt']);
      expect(preferences.limit, String(raw)).toBe(10);
    }
  });

  it('come back as they were stored', () => {
    const raw = serializeGridPreferences({ hidden: new Set(['rfc']), limit: 50 }, COLUMNS);
    const preferences = parseGridPreferences(raw, COLUMNS);
    expect([...preferences.hidden]).toEqual(['rfc']);
    expect(preferences.limit).toBe(50);
  });

  it('ignore unknown columns and give a column added later its default', () => {
    const raw = JSON.stringify({ columns: { name: true, gone: false, rfc: false }, limit: 25 });
    const preferences = parseGridPreferences(raw, COLUMNS);
    expect([...preferences.hidden].sort()).toEqual(['createdAt', 'rfc']);
    expect(preferences.limit).toBe(25);
  });

  it('keep at least one column and a page size of 10, 25, 50 or 100', () => {
    const raw = JSON.stringify({ columns: { name: false, rfc: false, createdAt: false }, limit: 1000 });
    const preferences = parseGridPreferences(raw, COLUMNS);
    expect([...preferences.hidden]).toEqual(['createdAt']);
    expect(preferences.limit).toBe(10);
    expect(parseGridPreferences(JSON.stringify({ columns: {}, limit: 100 }), COLUMNS).limit).toBe(100);
    expect(parseGridPreferences(JSON.stringify({ columns: {}, limit: 24.5 }), COLUMNS).limit).toBe(10);
  });
});
