import { beforeAll, describe, expect, it } from 'vitest';
import { poppler } from '../test/pdf-text';
import type { ExportColumn, ExportDocument, ExportSection } from './document';
import { renderPdf } from './pdf';

interface Contract {
  id: string;
  supplier: string;
  amount: number;
  date: string;
  url: string | null;
}

const columns: ExportColumn<Contract>[] = [
  { header: 'NÚMERO', kind: 'text', value: (c) => c.id },
  { header: 'PROVEEDOR', kind: 'text', width: 36, value: (c) => c.supplier },
  { header: 'MONTO TOTAL', kind: 'money', value: (c) => c.amount },
  { header: 'FECHA', kind: 'date', value: (c) => c.date },
  { header: 'ENLACE', kind: 'url', value: (c) => c.url },
];

function contract(i: number): Contract {
  return {
    id: `CT-${i}`,
    supplier: i === 1 ? 'Constructora Peña Muñoz SA de CV' : `Proveedor ${i}`,
    amount: i === 1 ? 1234.56 : i * 100,
    date: '2024-03-02',
    url: i === 1 ? 'https://www.compranet.gob.mx/contratos/detalle?id=1' : null,
  };
}

/** `total: null` leaves the total unknown, as a stream of database batches would. */
function section(count: number, total: number | null = count): ExportSection<Contract> {
  async function* rows() {
    for (let i = 1; i <= count; i += 1) yield contract(i);
  }
  return { title: 'Contratos', columns, rows: rows(), ...(total === null ? {} : { total }) };
}

const base: ExportDocument = {
  title: 'Proveedor CONSTRUCTORA DEL VALLE',
  organizationName: 'Municipio de Santa Lucía del Valle',
  // 21:00 of March 1st in Mexico City.
  consultedAt: new Date('2024-03-02T03:00:00Z'),
  filters: [{ label: 'Administración', values: ['2021-2024', 'Señalización'] }],
  summary: [
    { label: 'Monto total', value: 1234.56, kind: 'money' },
    { label: 'Contratos', value: 12000, kind: 'count' },
  ],
  note: 'Los montos incluyen IVA.',
  sections: [],
};

describe('renderPdf', () => {
  it('prints what was consulted, the filters, the totals and the rows in Spanish', {
    timeout: 60_000,
  }, async () => {
    const pdf = await renderPdf({ ...base, sections: [section(3)] });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await poppler('pdftotext', pdf);
    expect(text).toContain('Proveedor CONSTRUCTORA DEL VALLE');
    expect(text).toContain('Fecha de consulta: 01/03/2024');
    expect(text).toContain('Municipio de Santa Lucía del Valle');
    expect(text).toContain('Filtrado por:');
    expect(text).toContain('Administración: 2021-2024, Señalización');
    expect(text).toMatch(/Monto total\s+\$1,234\.56/);
    expect(text).toMatch(/Contratos\s+12,000/);
    expect(text).toContain('Los montos incluyen IVA.');
    expect(text).toMatch(
      /CT-1\s+Constructora Peña Muñoz SA de CV\s+\$1,234\.56\s+02\/03\/2024\s+compranet\.gob\.mx/,
    );
    expect(text).toContain('Página 1 de 1');
    expect(text).not.toContain('Este PDF muestra');
    // The short link text still opens the whole address.
    expect(pdf.toString('latin1')).toContain('/URI (https://www.compranet.gob.mx/contratos/detalle?id=1)');
    expect(await poppler('pdfinfo', pdf)).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
  });

  it('says "Sin filtros" when nothing was filtered', { timeout: 60_000 }, async () => {
    const text = await poppler(
      'pdftotext',
      await renderPdf({ ...base, filters: [], sections: [section(1)] }),
    );
    expect(text).toMatch(/Filtrado por:\s+Sin filtros/);
  });

  it('gives wide tables a larger page', { timeout: 60_000 }, async () => {
    const wide: ExportColumn<Contract>[] = Array.from({ length: 12 }, (_, i) => ({
      header: `COLUMNA ${i + 1}`,
      kind: 'text',
      value: (c) => `${c.id}-${i + 1}`,
    }));
    const pdf = await renderPdf({ ...base, sections: [{ ...section(2), columns: wide }] });
    expect(await poppler('pdfinfo', pdf)).toMatch(/\(A3\)/);
    expect(await poppler('pdftotext', pdf)).toContain('CT-2-12');
  });

  it('says that the rows were cut without knowing how many there are', { timeout: 60_000 }, async () => {
    const text = await poppler(
      'pdftotext',
      await renderPdf({ ...base, sections: [section(8, null)] }, { maxRows: 5 }),
    );
    expect(text).toContain(
      'Este PDF muestra las primeras 5 filas. Descarga el archivo XLSX o JSON para consultarlas todas.',
    );
    expect(text).toContain('CT-5');
    expect(text).not.toContain('CT-6');
  });

  it('fails the request, not the process, when reading rows fails', async () => {
    async function* failing() {
      yield contract(1);
      throw new Error('conexión perdida');
    }
    await expect(renderPdf({ ...base, sections: [{ ...section(1), rows: failing() }] })).rejects.toThrow(
      'conexión perdida',
    );
  });

  it('stops when the download is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelado'));
    const rendering = renderPdf({ ...base, sections: [section(3)] }, { signal: controller.signal });
    await expect(rendering).rejects.toThrow('cancelado');
  });

  describe('with more rows than a PDF shows', () => {
    let text = '';
    let ticks = 0;
    let longestPause = 0;
    let elapsed = 0;

    beforeAll(async () => {
      const started = performance.now();
      let last = started;
      const timer = setInterval(() => {
        const now = performance.now();
        longestPause = Math.max(longestPause, now - last);
        last = now;
        ticks += 1;
      }, 10);
      try {
        const pdf = await renderPdf({ ...base, sections: [section(10_050)] }, { maxRows: 10_000 });
        elapsed = performance.now() - started;
        text = await poppler('pdftotext', pdf);
      } finally {
        clearInterval(timer);
      }
    }, 180_000);

    it('shows the first 10,000 and says how to get the rest', () => {
      expect(text).toContain(
        'Este PDF muestra las primeras 10,000 filas de 10,050. Descarga el archivo XLSX o JSON para consultarlas todas.',
      );
      expect(text).toMatch(/CT-10000\s/);
      expect(text).not.toMatch(/CT-10001\s/);
      const pages = /Página 1 de (\d+)/.exec(text);
      expect(Number(pages?.[1])).toBeGreaterThan(100);
      // The header row is repeated on every page.
      expect(text.match(/NÚMERO\s+PROVEEDOR\s+MONTO TOTAL/g)?.length).toBe(Number(pages?.[1]));
    });

    it('keeps the server responsive while it is built', () => {
      // Built on the main thread, the timer could not fire until pdfmake finished.
      expect(ticks).toBeGreaterThan(20);
      expect(longestPause).toBeLessThan(elapsed / 2);
    });
  });
});
