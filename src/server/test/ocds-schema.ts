import { readFileSync } from 'node:fs';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';

/**
 * The OCDS 1.1.5 schemas (modules/open-data/fixtures/ocds-1.1.5/, draft 4) compiled with ajv, formats checked (every
 * `uri` absolute, every date a date-time): what the tests validate each package against. Test
 * support only: the portal does not validate what it serves on the way out.
 */

const schema = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../modules/open-data/fixtures/ocds-1.1.5/${name}`, import.meta.url), 'utf8'),
  ) as object;

function compile() {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(schema('release-schema.json'));
  // The record package's versionedRelease (a record's optional history with every field's past
  // values) refers to a schema the fixtures do not have; the portal does not publish it, so it is
  // taken as any object here, and the records' releases and compiledRelease are checked in full.
  ajv.addSchema({
    id: 'https://standard.open-contracting.org/schema/1__1__5/versioned-release-validation-schema.json',
    type: 'object',
  });
  return {
    release: ajv.getSchema('https://standard.open-contracting.org/schema/1__1__5/release-schema.json')!,
    releasePackage: ajv.compile(schema('release-package-schema.json')),
    recordPackage: ajv.compile(schema('record-package-schema.json')),
  };
}

let compiled: ReturnType<typeof compile> | null = null;

/** The schema's errors for a document ('release', 'releasePackage' or 'recordPackage'), none when valid. */
export function ocdsErrors(
  kind: 'release' | 'releasePackage' | 'recordPackage',
  document: unknown,
): string[] {
  compiled ??= compile();
  const validate = compiled[kind];
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}
