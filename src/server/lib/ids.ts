import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7, validate } from 'uuid';

/**
 * Random bytes for ids, drawn 4 KB at a time: `uuid` draws 16 bytes from Web Crypto for each id,
 * which cost a confirmed data load of 100,000 contracts about a second (issue 12).
 */
const pool = new Uint8Array(16 * 256);
let taken = pool.length;

/** The last id's millisecond and counter: ids made in one millisecond still sort in order. */
const state = { msecs: Number.NEGATIVE_INFINITY, seq: 0 };

/**
 * New time-ordered id for a row (UUID version 7, RFC 9562). The counter follows `uuid`'s own
 * (a random 31-bit start each millisecond, one more for each id in the same millisecond, the next
 * millisecond when it wraps), so ids sort in the order they were made.
 */
export function newId(): string {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  const random = pool.subarray(taken, taken + 16);
  taken += 16;
  const now = Date.now();
  if (now > state.msecs) {
    state.msecs = now;
    state.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else {
    state.seq = (state.seq + 1) | 0;
    if (state.seq === 0) state.msecs++;
  }
  return uuidv7({ random, msecs: state.msecs, seq: state.seq });
}

/** Our ids are UUIDs: anything else cannot name one of our rows (and must not reach a uuid column). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && validate(value);
}
