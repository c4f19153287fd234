import { describe, expect, it } from 'vitest';
import { renderJson } from './json';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
}

describe('streamed JSON downloads', () => {
  it('writes the head and the rows as one valid document', async () => {
    async function* rows() {
      for (let i = 0; i < 5_000; i++) yield { n: i, name: `Proveedor "${i}" ñ` };
    }
    const parsed = JSON.parse(
      await text(renderJson({ totals: { total: 1 }, filters: [] }, 'suppliers', rows())),
    );
    expect(parsed.totals).toEqual({ total: 1 });
    expect(parsed.suppliers).toHaveLength(5_000);
    expect(parsed.suppliers[4_999]).toEqual({ n: 4_999, name: 'Proveedor "4999" ñ' });
  });

  it('writes an empty list and an empty head correctly', async () => {
    async function* none() {}
    expect(JSON.parse(await text(renderJson({}, 'contracts', none())))).toEqual({ contracts: [] });
  });
});
