import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { METHOD_WORDING } from '../../shared/calculations/compare';
import { VARIABLE_LINKS } from '../../shared/calculations/links';
import { BACKUP_REASON_LABELS } from '../../shared/constants/backups';
import { DOWNLOAD_MESSAGES } from '../../shared/constants/downloads';
import {
  ADMINISTRATIVE_UNIT_TYPE_LABELS,
  CONTRACT_CATEGORY_LABELS,
  CONTRACT_DOCUMENT_LABELS,
  CONTRACT_TYPE_LABELS,
  PROCEDURE_STATE_LABELS,
  PROCEDURE_TYPE_LABELS,
} from '../../shared/constants/enums';
import { CONDITION_LABELS } from '../../shared/format/filter-conditions';
import { MONEY_RULE_NOTE } from '../../shared/format/money';
import {
  NOT_EVALUATED,
  RED_FLAG_CATEGORY_NAMES,
  RED_FLAG_DISCLAIMER,
  RED_FLAG_PARAMETER_LABELS,
  RED_FLAGS,
} from '../../shared/red-flags/definitions';
import { HOLIDAY_NAMES, TRANSLATED_VALUES } from '../../shared/red-flags/sentence-values';
import {
  FLAG_SENTENCE_TEMPLATES,
  interpolate,
  placeholdersOf,
  UNEVALUATED_REASONS,
} from '../../shared/red-flags/sentences';
import { ALERT_MESSAGES } from '../../shared/schemas/alerts';
import { CONTACT_MESSAGES } from '../../shared/schemas/contact';
import { ERROR_REPORT_MESSAGES } from '../../shared/schemas/error-reports';
import { CHART_SERIES } from '../../shared/schemas/landing';
import en from './locales/en.json';
import ja from './locales/ja.json';

/**
 * The Spanish texts are the catalogue keys. Every text the web app translates, with t('…') or
 * through the toast and error-page helpers, must have an English and a Japanese translation.
 */
const root = path.resolve('src/web');
const PATTERNS = [
  /\bt\(\s*'((?:[^'\\]|\\.)+)'/g,
  /\btoast\(\s*'[a-z]+',\s*'((?:[^'\\]|\\.)+)'/g,
  /\b(?:title|message|label)[=:]\s*['"]((?:[^'"\\]|\\.)+)['"]/g,
  /\bmsg\(\s*'((?:[^'\\]|\\.)+)'/g,
];

/**
 * Labels of the shared enumerations and chart series, the contact form's messages (field errors
 * from the shared schema, server refusals in toasts), the comparison's method wording, the money
 * rule's sentence and the red flags' texts, shown with t(label) in the web app.
 */
const SHARED_LABELS = [
  PROCEDURE_TYPE_LABELS,
  PROCEDURE_STATE_LABELS,
  CONTRACT_CATEGORY_LABELS,
  ADMINISTRATIVE_UNIT_TYPE_LABELS,
  CONTRACT_TYPE_LABELS,
  CONTACT_MESSAGES,
  // The alerts' answers (issue 33): the follow form and the link pages show them with t().
  ALERT_MESSAGES,
  ERROR_REPORT_MESSAGES,
  DOWNLOAD_MESSAGES,
  CONTRACT_DOCUMENT_LABELS,
  CONDITION_LABELS,
  BACKUP_REASON_LABELS,
  METHOD_WORDING,
  { MONEY_RULE_NOTE },
  // The red flags (issue 32): names, categories, the /red-flags page's texts and the parameters.
  { RED_FLAG_DISCLAIMER, NOT_EVALUATED },
  RED_FLAG_CATEGORY_NAMES,
  RED_FLAG_PARAMETER_LABELS,
  ...Object.values(RED_FLAGS).map(({ name, rule, why, needs }) => ({ name, rule, why, needs })),
  // Why a flag is 'sin datos', every sentence template of a raised flag (the closed set) and the
  // holidays' names, the one value of those sentences that is a word.
  UNEVALUATED_REASONS,
  FLAG_SENTENCE_TEMPLATES,
  HOLIDAY_NAMES,
  Object.fromEntries(Object.entries(VARIABLE_LINKS).map(([key, link]) => [key, link.text])),
].flatMap((labels) => Object.values(labels) as string[]);

/** Shown as they are in every language: the names of the languages themselves. */
const UNTRANSLATED = new Set(['English', 'Español']);

/** The administration is in Spanish only (spec; decision 0013): its folders are not translated. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'admin' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [file] : [];
  });
}

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const key = match[1]!.replace(/\\'/g, "'");
        // Only texts meant for people: Spanish sentences and labels, not code values.
        if (UNTRANSLATED.has(key)) continue;
        if (/[A-Za-zÁÉÍÓÚÑáéíóúñ]/.test(key) && !/^[a-z]+[A-Z]?[a-zA-Z]*$/.test(key)) keys.add(key);
      }
    }
  }
  for (const label of [...SHARED_LABELS, ...CHART_SERIES.map((series) => series.label)]) keys.add(label);
  return [...keys].sort();
}

describe('translation catalogues', () => {
  const keys = usedKeys();

  it('finds the texts of the web app', () => {
    expect(keys).toContain('Por favor selecciona una Organización para continuar.');
    expect(keys).toContain('PÁGINA NO ENCONTRADA');
  });

  it.each([
    ['en', en as Record<string, string>],
    ['ja', ja as Record<string, string>],
  ])('%s translates every text', (_language, catalogue) => {
    const missing = keys.filter((key) => !catalogue[key]?.trim());
    expect(missing).toEqual([]);
  });

  it.each([
    ['en', en as Record<string, string>],
    ['ja', ja as Record<string, string>],
  ])('%s has no texts the app no longer uses', (_language, catalogue) => {
    expect(Object.keys(catalogue).filter((key) => !keys.includes(key))).toEqual([]);
  });
});

describe("the red flags' sentences", () => {
  const CATALOGUES = [
    ['en', en as Record<string, string>],
    ['ja', ja as Record<string, string>],
  ] as const;
  /** The app's i18next options that matter here (src/web/i18n/index.ts). */
  const translator = i18next.createInstance();
  void translator.init({
    lng: 'es',
    fallbackLng: 'es',
    resources: { es: { translation: {} }, en: { translation: en }, ja: { translation: ja } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
  });
  const sample = (template: string) =>
    Object.fromEntries(placeholdersOf(template).map((name) => [name, `‹${name}›`]));

  it.each(CATALOGUES)(
    '%s translates every template with the same placeholders, each once',
    (_, catalogue) => {
      for (const template of FLAG_SENTENCE_TEMPLATES) {
        const translation = catalogue[template];
        expect(translation, template).toBeTruthy();
        const used = [...(translation ?? '').matchAll(/\{\{([^}]*)\}\}/g)].map((match) => match[1]);
        expect(used.sort(), template).toEqual(placeholdersOf(template).sort());
      }
    },
  );

  it('fills a template in Spanish as the server does, reading no value again', () => {
    for (const template of FLAG_SENTENCE_TEMPLATES) {
      const values = sample(template);
      expect(translator.t(template, values)).toBe(interpolate(template, values));
    }
    const template = 'Solo participó {{bidder}} (RFC {{rfc}}) en el procedimiento.';
    const values = { bidder: '{{rfc}} $t(x) $& ACME', rfc: 'CBA0101011A1' };
    expect(translator.t(template, values)).toBe(interpolate(template, values));
  });

  it.each(CATALOGUES)(
    '%s fills every template with its values, holidays by their own keys',
    (language, catalogue) => {
      for (const template of FLAG_SENTENCE_TEMPLATES) {
        const values = sample(template);
        const out = translator.t(template, { ...values, lng: language });
        expect(out).toBe(interpolate(catalogue[template]!, values));
        for (const value of Object.values(values)) expect(out).toContain(value);
      }
      for (const name of TRANSLATED_VALUES.holiday ?? []) {
        expect(catalogue[name], name).toBeTruthy();
        expect(catalogue[name]).not.toBe(name);
      }
    },
  );
});
