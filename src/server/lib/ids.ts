import { v7 as uuidv7, validate } from 'uuid';

/** New time-ordered id for a row. */
export const newId = (): string => uuidv7();

/** Our ids are UUIDs: anything else cannot name one of our rows (and must not reach a uuid column). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && validate(value);
}
