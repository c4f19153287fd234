import PDFDocument from 'pdfkit';
import { webLink } from '../../shared/format/links';
import type { CellKind } from './document';

/**
 * Draws a download's PDF with pdfkit directly: title, consultation, filters, summary, notes and
 * one table per section with its header repeated on every page. Lines are wrapped here with a
 * per-character width table and every line is placed once, which is several times faster
 * than a general layout engine on 10,000 rows (decision 0019).
 */

/** One table, already cut to the row limit, every cell already a display string. */
export interface PdfSectionPayload {
  title: string;
  columns: { header: string; kind: CellKind; width: number }[];
  rows: string[][];
}

/**
 * What the main thread sends to the worker: only strings, so the structured clone is cheap and
 * the worker needs no formatter, database or document model.
 */
export interface PdfPayload {
  title: string;
  consulted: string;
  organizationName: string;
  product: string;
  filters: string[];
  summary: { label: string; value: string; kind: 'money' | 'count' }[];
  note?: string;
  cutMessage?: string;
  sections: PdfSectionPayload[];
}

/** Font files: paths or their bytes (a pooled thread reads them once). */
export interface PdfFonts {
  normal: string | Buffer;
  bold: string | Buffer;
  italics: string | Buffer;
}

type Doc = PDFKit.PDFDocument;
type FontName = keyof PdfFonts;

const MARGIN = 30;
const BOTTOM = 40;
/** Landscape sizes in points (width first). */
const PAGES = {
  A4: [841.89, 595.28],
  A3: [1190.55, 841.89],
  A2: [1683.78, 1190.55],
} as const;
const PAD_X = 3;
const PAD_Y = 2;
const DEFAULT_WIDTH = 18;
const HEADER_FILL = '#e9ecef';
const LINE_COLOR = '#adb5bd';
const LINK_COLOR = '#1c64b4';
const MUTED = '#495057';
const CUT_COLOR = '#c92a2a';

/** Up to 8 columns fit A4 landscape; wider tables get a larger sheet and a smaller font. */
function pageFor(columns: number): { size: keyof typeof PAGES; fontSize: number } {
  if (columns <= 8) return { size: 'A4', fontSize: 8 };
  if (columns <= 12) return { size: 'A3', fontSize: 7.5 };
  return { size: 'A2', fontSize: 7 };
}

/** A long URL would stretch its row; the reader sees the host and clicks for the rest. */
function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^www\./, '');
    const rest = `${parsed.pathname}${parsed.search}`;
    return rest.length > 1 ? `${host}/…` : host;
  } catch {
    return url.length > 40 ? `${url.slice(0, 39)}…` : url;
  }
}

interface Style {
  font: FontName;
  size: number;
  color?: string;
}

/** pdfkit's embedded font, as far as this writer uses it. */
interface EmbeddedFont {
  id: string;
  ascender: number;
  descender: number;
  lineGap: number;
  ref(): unknown;
  encode(text: string): [string[], unknown[]];
  widthOfString(text: string, size: number): number;
}

/** What the writer knows of one font: glyph codes and advances (per 1000 em) by character. */
interface FontFace {
  font: EmbeddedFont;
  glyphs: Map<string, string>;
  advances: Map<string, number>;
}

/** `#rrggbb` → the operands of `rg` / `RG`. */
function rgb(color: string): string {
  if (color === 'black') return '0 0 0';
  const value = Number.parseInt(color.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((part) => round(part / 255)).join(' ');
}

/** Numbers in content streams: two decimals are a hundredth of a point. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Strings wrapped more often than this are remembered (labels, names, units repeat a lot). */
const WRAP_CACHE_MAX = 20_000;

/**
 * Wraps and places text. Text is written straight into the page's content stream: glyph codes
 * and advances are looked up once per character and font (no shaping, kerning or ligatures:
 * widths then match the wrapping exactly), one operator string per line. pdfkit's own text
 * method runs its layout engine, a save/restore and several state changes for every line, which
 * was most of the drawing time on 10,000 rows.
 */
class Writer {
  readonly height: number;
  readonly width: number;
  readonly bottom: number;
  y = MARGIN;
  private readonly faces = new Map<FontName, FontFace>();
  private readonly wrapped = new Map<string, string[]>();
  private readonly colors = new Map<string, string>();

  constructor(
    readonly doc: Doc,
    size: keyof typeof PAGES,
  ) {
    [this.width, this.height] = PAGES[size];
    this.bottom = this.height - BOTTOM;
  }

  private face(name: FontName): FontFace {
    let face = this.faces.get(name);
    if (!face) {
      this.doc.font(name);
      const font = (this.doc as unknown as { _font: EmbeddedFont })._font;
      face = { font, glyphs: new Map(), advances: new Map() };
      this.faces.set(name, face);
    }
    return face;
  }

  private color(color: string | undefined): string {
    const key = color ?? 'black';
    let operands = this.colors.get(key);
    if (operands === undefined) {
      operands = rgb(key);
      this.colors.set(key, operands);
    }
    return operands;
  }

  /** pdfkit's currentLineHeight(gap): (ascender + line gap − descender) / 1000 × size. */
  lineHeight(style: Style, gap = true): number {
    const { font } = this.face(style.font);
    return ((font.ascender + (gap ? font.lineGap : 0) - font.descender) / 1000) * style.size;
  }

  measure(text: string, style: Style): number {
    const face = this.face(style.font);
    let width = 0;
    for (const char of text) {
      let advance = face.advances.get(char);
      if (advance === undefined) {
        advance = face.font.widthOfString(char, 1000);
        face.advances.set(char, advance);
      }
      width += advance;
    }
    return (width * style.size) / 1000;
  }

  /** Lines of `text` no wider than `width` (breaking inside a word only when it alone is wider). */
  wrap(text: string, width: number, style: Style): string[] {
    if (text === '') return [''];
    const key = `${style.font}/${style.size}/${width}/${text}`;
    const known = this.wrapped.get(key);
    if (known) return known;
    const lines = this.wrapUncached(text, width, style);
    if (this.wrapped.size >= WRAP_CACHE_MAX) this.wrapped.clear();
    this.wrapped.set(key, lines);
    return lines;
  }

  private wrapUncached(text: string, width: number, style: Style): string[] {
    if (this.measure(text, style) <= width) return [text];
    const space = this.measure(' ', style);
    const lines: string[] = [];
    let line = '';
    let lineWidth = 0;
    for (const word of text.split(/\s+/)) {
      if (!word) continue;
      const wordWidth = this.measure(word, style);
      if (line && lineWidth + space + wordWidth <= width) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      if (wordWidth <= width) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      let rest = word;
      while (this.measure(rest, style) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && this.measure(rest.slice(0, cut), style) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
      lineWidth = this.measure(rest, style);
    }
    if (line) lines.push(line);
    return lines;
  }

  /** The glyph codes of `text` in hexadecimal (the font's subset learns each glyph once). */
  private hex(face: FontFace, text: string): string {
    let hex = '';
    for (const char of text) {
      let code = face.glyphs.get(char);
      if (code === undefined) {
        code = face.font.encode(char)[0].join('');
        face.glyphs.set(char, code);
      }
      hex += code;
    }
    return hex;
  }

  /** One line at (x, y), left or right aligned in `width`, optionally a link. */
  line(
    text: string,
    x: number,
    y: number,
    style: Style,
    options: { right?: number; link?: string } = {},
  ): void {
    if (!text) return;
    const face = this.face(style.font);
    const { font } = face;
    const page = (this.doc as unknown as { page: { fonts: Record<string, unknown> } }).page;
    if (page.fonts[font.id] === undefined) page.fonts[font.id] = font.ref();
    const width = options.right !== undefined || options.link ? this.measure(text, style) : 0;
    const left = options.right === undefined ? x : x + options.right - width;
    const color = this.color(style.color);
    // The page's user space is flipped (y down); the text matrix flips the glyphs back upright.
    const baseline = y + (font.ascender / 1000) * style.size;
    this.doc.addContent(
      `BT ${color} rg /${font.id} ${style.size} Tf 1 0 0 -1 ${round(left)} ${round(baseline)} Tm <${this.hex(face, text)}> Tj ET`,
    );
    if (options.link) {
      // pdfkit's own link and underline options need its line wrapper; drawn here instead.
      const height = this.lineHeight(style, false);
      this.doc.link(left, y, width, height, options.link);
      const under = round(y + height - 0.5);
      this.doc.addContent(`0.5 w ${color} RG ${round(left)} ${under} m ${round(left + width)} ${under} l S`);
    }
  }

  /** A paragraph across the page (wrapped), starting a new page when it does not fit. */
  paragraph(text: string, style: Style, margin: { top?: number; bottom?: number; left?: number } = {}): void {
    const height = this.lineHeight(style);
    this.y += margin.top ?? 0;
    const left = MARGIN + (margin.left ?? 0);
    for (const line of this.wrap(text, this.width - MARGIN - left, style)) {
      if (this.y + height > this.bottom) this.newPage();
      this.line(line, left, this.y, style);
      this.y += height;
    }
    this.y += margin.bottom ?? 0;
  }

  hline(x1: number, x2: number, y: number, width: number): void {
    const at = round(y);
    this.doc.addContent(
      `${width} w ${this.color(LINE_COLOR)} RG ${round(x1)} ${at} m ${round(x2)} ${at} l S`,
    );
  }

  fill(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.addContent(
      `${this.color(color)} rg ${round(x)} ${round(y)} ${round(width)} ${round(height)} re f`,
    );
  }

  newPage(): void {
    this.doc.addPage({ size: [this.width, this.height], margin: 0 });
    this.y = MARGIN;
  }
}

interface Column {
  kind: CellKind;
  x: number;
  width: number;
}

function isNumber(kind: CellKind): boolean {
  return kind === 'money' || kind === 'count';
}

interface RowLayout {
  cells: readonly string[];
  lines: string[][];
  height: number;
}

/** Wraps each cell of a row in its column (URLs shown as their short form). */
function layoutRow(
  writer: Writer,
  cells: readonly string[],
  columns: readonly Column[],
  style: Style,
  header = false,
): RowLayout {
  const lines = columns.map((column, index) => {
    const value = cells[index] ?? '';
    const shown = !header && column.kind === 'url' && webLink(value) ? shortUrl(value) : value;
    return writer.wrap(shown, column.width - 2 * PAD_X, style);
  });
  const count = Math.max(1, ...lines.map((cell) => cell.length));
  return { cells, lines, height: count * writer.lineHeight(style) + 2 * PAD_Y };
}

/** Draws a laid-out row at the writer's position and moves below it. */
function drawRow(
  writer: Writer,
  layout: RowLayout,
  columns: readonly Column[],
  style: Style,
  options: { header?: boolean; fill?: boolean } = {},
): void {
  const height = writer.lineHeight(style);
  const y = writer.y;
  const first = columns[0];
  const last = columns[columns.length - 1];
  if (options.fill && first && last) {
    writer.fill(first.x, y, last.x + last.width - first.x, layout.height, HEADER_FILL);
  }
  columns.forEach((column, index) => {
    const link = !options.header && column.kind === 'url' ? webLink(layout.cells[index]) : null;
    const cellStyle = link ? { ...style, color: LINK_COLOR } : style;
    const right = isNumber(column.kind) ? column.width - 2 * PAD_X : undefined;
    layout.lines[index]!.forEach((text, line) => {
      writer.line(text, column.x + PAD_X, y + PAD_Y + line * height, cellStyle, {
        ...(right === undefined ? {} : { right }),
        ...(link ? { link } : {}),
      });
    });
  });
  writer.y += layout.height;
}

/**
 * Column widths by their hints, each at least as wide as its header's longest word, so that no
 * header word is split across lines ('ABREVIACIÓ' / 'N'); the others share what is left.
 */
function columnWidths(writer: Writer, section: PdfSectionPayload, bold: Style): number[] {
  const available = writer.width - 2 * MARGIN;
  const weights = section.columns.map((column) => (column.width > 0 ? column.width : DEFAULT_WIDTH));
  const least = section.columns.map(
    (column) =>
      Math.max(12, ...column.header.split(/\s+/).map((word) => writer.measure(word, bold))) + 2 * PAD_X + 1,
  );
  const fixed = new Set<number>();
  let widths: number[] = [];
  // Each round pins the columns below their least width; at most one round per column.
  for (let round = 0; round <= weights.length; round += 1) {
    const pinned = [...fixed].reduce((total, index) => total + least[index]!, 0);
    const free = weights.reduce((total, weight, index) => total + (fixed.has(index) ? 0 : weight), 0);
    widths = weights.map((weight, index) =>
      fixed.has(index) ? least[index]! : (Math.max(0, available - pinned) * weight) / (free || 1),
    );
    const short = widths.findIndex((width, index) => !fixed.has(index) && width < least[index]!);
    if (short < 0) break;
    widths.forEach((width, index) => {
      if (width < least[index]!) fixed.add(index);
    });
  }
  return widths;
}

function sectionTable(writer: Writer, section: PdfSectionPayload, fontSize: number): void {
  const body: Style = { font: 'normal', size: fontSize };
  const bold: Style = { font: 'bold', size: fontSize };
  let x = MARGIN;
  const widths = columnWidths(writer, section, bold);
  const columns: Column[] = section.columns.map((column, index) => {
    const placed = { kind: column.kind, x, width: widths[index]! };
    x += placed.width;
    return placed;
  });
  const right = x;
  const header = layoutRow(
    writer,
    section.columns.map((column) => column.header),
    columns,
    bold,
    true,
  );
  const drawHeader = (): void => {
    writer.hline(MARGIN, right, writer.y, 0.3);
    drawRow(writer, header, columns, bold, { header: true, fill: true });
    writer.hline(MARGIN, right, writer.y, 0.8);
  };
  if (writer.y + header.height + writer.lineHeight(body) + 2 * PAD_Y > writer.bottom) writer.newPage();
  drawHeader();
  for (const cells of section.rows) {
    const layout = layoutRow(writer, cells, columns, body);
    if (writer.y + layout.height > writer.bottom) {
      writer.newPage();
      drawHeader();
    }
    drawRow(writer, layout, columns, body);
    writer.hline(MARGIN, right, writer.y, 0.3);
  }
  if (section.rows.length === 0) {
    writer.paragraph('Sin registros.', { font: 'italics', size: 9 }, { top: 4 });
  }
}

/** The summary figures: a two-column table as wide as its texts, values to the right. */
function summaryTable(writer: Writer, summary: PdfPayload['summary']): void {
  const style: Style = { font: 'normal', size: 9 };
  const labelWidth = Math.max(...summary.map((figure) => writer.measure(figure.label, style))) + 2 * PAD_X;
  const valueWidth =
    Math.max(...summary.map((figure) => writer.measure(figure.value, style))) + 2 * PAD_X + 2;
  const columns: Column[] = [
    { kind: 'text', x: MARGIN, width: labelWidth },
    { kind: 'money', x: MARGIN + labelWidth, width: valueWidth },
  ];
  const right = MARGIN + labelWidth + valueWidth;
  writer.hline(MARGIN, right, writer.y, 0.3);
  for (const figure of summary) {
    const layout = layoutRow(writer, [figure.label, figure.value], columns, style);
    if (writer.y + layout.height > writer.bottom) writer.newPage();
    drawRow(writer, layout, columns, style);
    writer.hline(MARGIN, right, writer.y, 0.3);
  }
  writer.y += 6;
}

/** Lays out and draws the whole document; resolves with the file. */
export function drawPdf(payload: PdfPayload, fonts: PdfFonts): Promise<Buffer> {
  const widest = Math.max(0, ...payload.sections.map((section) => section.columns.length));
  const { size, fontSize } = pageFor(widest);
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: payload.title, Author: payload.product, Creator: payload.product },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('normal', fonts.normal);
  doc.registerFont('bold', fonts.bold);
  doc.registerFont('italics', fonts.italics);
  const writer = new Writer(doc, size);
  writer.newPage();
  writer.paragraph(payload.title, { font: 'bold', size: 16 }, { bottom: 4 });
  writer.paragraph(payload.consulted, { font: 'normal', size: 9 });
  writer.paragraph(payload.organizationName, { font: 'bold', size: 9 });
  writer.paragraph(
    `Consultado en ${payload.product}`,
    { font: 'normal', size: 9, color: MUTED },
    { bottom: 8 },
  );
  writer.paragraph('Filtrado por:', { font: 'bold', size: 9 });
  writer.y += 2;
  for (const filter of payload.filters) writer.paragraph(filter, { font: 'normal', size: 9 }, { left: 10 });
  writer.y += 8;
  if (payload.summary.length > 0) summaryTable(writer, payload.summary);
  if (payload.note) writer.paragraph(payload.note, { font: 'italics', size: 8 }, { bottom: 8 });
  if (payload.cutMessage) {
    writer.paragraph(payload.cutMessage, { font: 'bold', size: 9, color: CUT_COLOR }, { bottom: 8 });
  }
  for (const section of payload.sections) {
    writer.paragraph(section.title, { font: 'bold', size: 12 }, { top: 10, bottom: 4 });
    sectionTable(writer, section, fontSize);
  }
  const { start, count } = doc.bufferedPageRange();
  const footer: Style = { font: 'normal', size: 8 };
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const y = writer.height - BOTTOM + 12;
    writer.line(`${payload.product} · ${payload.title}`, MARGIN, y, { ...footer, color: MUTED });
    writer.line(`Página ${page + 1} de ${count}`, MARGIN, y, footer, { right: writer.width - 2 * MARGIN });
  }
  doc.end();
  return done;
}
