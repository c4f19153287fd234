import { Readable } from 'node:stream';

/**
 * Streams `{ ...head, [listKey]: [ ...rows ] }` as JSON, one row at a time, so a download of
 * hundreds of thousands of rows never holds them all in memory.
 */
export function renderJson(
  head: Record<string, unknown>,
  listKey: string,
  rows: AsyncIterable<unknown>,
): Readable {
  async function* chunks() {
    const opening = JSON.stringify(head);
    yield `${opening.slice(0, -1)}${opening.length > 2 ? ',' : ''}${JSON.stringify(listKey)}:[`;
    let first = true;
    let batch = '';
    for await (const row of rows) {
      batch += `${first ? '' : ','}${JSON.stringify(row)}`;
      first = false;
      if (batch.length > 64_000) {
        yield batch;
        batch = '';
      }
    }
    yield `${batch}]}`;
  }
  return Readable.from(chunks());
}
