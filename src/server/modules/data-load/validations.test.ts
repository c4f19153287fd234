import { describe, expect, it } from 'vitest';
import { ROW_FIELD_OF } from '../../../shared/schemas/data-load';
import { type ValidationRow, writeValidations } from './validations';

/** A load's row with every column filled and one error, as a 200,000-row load's would be. */
function row(rowIndex: number): ValidationRow {
  const data: ValidationRow['data'] = {};
  for (const field of ROW_FIELD_OF.values()) data[field] = { value: `valor ${field} de la fila ${rowIndex}` };
  const [first] = ROW_FIELD_OF.values();
  data[first!] = { value: 'x', errors: ['No es un número de contrato válido.'] };
  return { rowIndex, data };
}

describe('writeValidations', () => {
  it('reads the rows only as fast as the visitor downloads, and stops reading when they go away', {
    timeout: 60_000,
  }, async () => {
    const total = 30_000;
    let read = 0;
    let closed = false;
    async function* rows() {
      try {
        for (; read < total; ) {
          read += 1;
          yield row(read);
        }
      } finally {
        closed = true; // the load's rows are read page by page from the database
      }
    }
    const stream = writeValidations(rows());
    // Nobody reads: once the zip and the output are full the writer must wait, not build the file.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    let previous = -1;
    for (let attempt = 0; attempt < 40 && read !== previous; attempt += 1) {
      previous = read;
      await pause();
    }
    await pause();
    expect(read).toBe(previous);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(total / 3);
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(true);
  });
});
