/**
 * A minimal PDF 1.4 writer for text documents (no dependency): the standard Helvetica fonts with
 * WinAnsiEncoding (so Spanish á é í ó ú ñ ü ¿ ¡ work), word wrap from the fonts' AFM widths, headings,
 * paragraphs, bullet lists, a header band on the first page, a footer with page numbers, document info and a
 * correct cross-reference table. Output is deterministic for the same input.
 */

export type Block =
  | { kind: 'h1'; text: string }
  | { kind: 'h2'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'small'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'space'; size: number };

export interface PdfDocument {
  title: string;
  subtitle: string;
  author: string;
  subject: string;
  keywords: string;
  /** 'es-CO' */
  lang: string;
  /** Creation date written in the document info, 'YYYY-MM-DD' (fixed, for reproducible output). */
  date: string;
  /** Text at the bottom of every page, before 'Página n de N'. */
  footer: string;
  blocks: Block[];
}

// ---------------------------------------------------------------------------------------------------------
// Encoding and metrics
// ---------------------------------------------------------------------------------------------------------

/** Characters of Windows-1252 outside Latin-1 that the documents may use. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

/** Unicode text → WinAnsiEncoding bytes; throws on a character the encoding lacks. */
export function winAnsiBytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const extra = WIN_ANSI_EXTRA[char];
    const code = char.codePointAt(0) ?? 0;
    if (extra !== undefined) bytes.push(extra);
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else throw new RangeError(`Character '${char}' (U+${code.toString(16)}) is not in WinAnsiEncoding`);
  }
  return bytes;
}

/** Helvetica and Helvetica-Bold widths (1/1000 em) for bytes 32..126 (Adobe AFM). */
const ASCII_WIDTHS = {
  regular: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
    500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
    556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
    278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
  ],
  bold: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
    556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
    556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
    333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
  ],
} as const;

/** Accented letters are as wide as their base letter; a few symbols by hand. */
const BASE_LETTER: Record<string, string> = {
  á: 'a',
  é: 'e',
  í: 'i',
  ó: 'o',
  ú: 'u',
  ü: 'u',
  ñ: 'n',
  Á: 'A',
  É: 'E',
  Í: 'I',
  Ó: 'O',
  Ú: 'U',
  Ü: 'U',
  Ñ: 'N',
};
const SYMBOL_WIDTHS: Record<string, { regular: number; bold: number }> = {
  '¿': { regular: 611, bold: 611 },
  '¡': { regular: 333, bold: 333 },
  '«': { regular: 556, bold: 556 },
  '»': { regular: 556, bold: 556 },
  º: { regular: 365, bold: 365 },
  ª: { regular: 370, bold: 370 },
  '·': { regular: 278, bold: 278 },
  '§': { regular: 556, bold: 556 },
  '°': { regular: 400, bold: 400 },
  '–': { regular: 556, bold: 556 },
  '—': { regular: 1000, bold: 1000 },
  '•': { regular: 350, bold: 350 },
  '…': { regular: 1000, bold: 1000 },
  '‘': { regular: 222, bold: 278 },
  '’': { regular: 222, bold: 278 },
  '“': { regular: 333, bold: 500 },
  '”': { regular: 333, bold: 500 },
  '\u00a0': { regular: 278, bold: 278 },
};

type Weight = 'regular' | 'bold';

function charWidth(char: string, weight: Weight): number {
  const symbol = SYMBOL_WIDTHS[char];
  if (symbol) return symbol[weight];
  const base = BASE_LETTER[char] ?? char;
  const code = base.codePointAt(0) ?? 0;
  return (code >= 32 && code <= 126 ? ASCII_WIDTHS[weight][code - 32] : undefined) ?? 556;
}

export function textWidth(text: string, weight: Weight, size: number): number {
  let units = 0;
  for (const char of text) units += charWidth(char, weight);
  return (units * size) / 1000;
}

/** Greedy word wrap to a width in points. */
export function wrap(text: string, weight: Weight, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, weight, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------------------

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 62;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 72;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const HEADER_BAND = 132;

const COLORS = {
  blue: '0.043 0.239 0.569',
  yellow: '1 0.769 0',
  text: '0.106 0.141 0.188',
  muted: '0.357 0.4 0.471',
  white: '1 1 1',
  soft: '0.835 0.882 0.969',
} as const;

interface Style {
  font: 'F1' | 'F2';
  weight: Weight;
  size: number;
  leading: number;
  color: string;
  before: number;
  after: number;
}

const STYLES: Record<'h1' | 'h2' | 'p' | 'small', Style> = {
  h1: { font: 'F2', weight: 'bold', size: 14, leading: 18, color: COLORS.blue, before: 10, after: 4 },
  h2: { font: 'F2', weight: 'bold', size: 11.5, leading: 15, color: COLORS.text, before: 6, after: 2 },
  p: { font: 'F1', weight: 'regular', size: 10, leading: 14.2, color: COLORS.text, before: 0, after: 6 },
  small: { font: 'F1', weight: 'regular', size: 8.5, leading: 12, color: COLORS.muted, before: 2, after: 4 },
};

/** A PDF string literal: ASCII as is, ( ) \ escaped, other bytes as octal escapes. */
function pdfString(text: string): string {
  let out = '(';
  for (const byte of winAnsiBytes(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte <= 0x7e) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/** A PDF text string in UTF-16BE with BOM (document info), as a hex string. */
function pdfTextString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

const n = (v: number) => (Math.round(v * 100) / 100).toString();

function textOp(font: string, size: number, color: string, x: number, y: number, text: string): string {
  return `BT /${font} ${n(size)} Tf ${color} rg 1 0 0 1 ${n(x)} ${n(y)} Tm ${pdfString(text)} Tj ET`;
}

class Pages {
  readonly pages: string[][] = [];
  y = 0;

  constructor(private readonly doc: PdfDocument) {
    this.newPage(true);
  }

  private get current(): string[] {
    const page = this.pages[this.pages.length - 1];
    if (!page) throw new Error('no page');
    return page;
  }

  newPage(first = false): void {
    const ops: string[] = [];
    this.pages.push(ops);
    if (first) {
      const top = PAGE_HEIGHT - HEADER_BAND;
      ops.push(`${COLORS.blue} rg 0 ${n(top)} ${n(PAGE_WIDTH)} ${n(HEADER_BAND)} re f`);
      ops.push(`${COLORS.yellow} rg 0 ${n(top - 5)} ${n(PAGE_WIDTH)} 5 re f`);
      // The TOGO badge: a yellow plate with a dark border.
      const bx = MARGIN_X;
      const by = PAGE_HEIGHT - 58;
      ops.push(`${COLORS.yellow} rg ${COLORS.text} RG 1.6 w ${n(bx)} ${n(by)} 64 24 re B`);
      ops.push(textOp('F2', 14, COLORS.blue, bx + 32 - textWidth('TOGO', 'bold', 14) / 2, by + 7, 'TOGO'));
      ops.push(textOp('F2', 20, COLORS.white, MARGIN_X, PAGE_HEIGHT - 92, this.doc.title));
      ops.push(textOp('F1', 10, COLORS.soft, MARGIN_X, PAGE_HEIGHT - 112, this.doc.subtitle));
      this.y = top - 5 - 26;
    } else {
      ops.push(`${COLORS.yellow} rg 0 ${n(PAGE_HEIGHT - 8)} ${n(PAGE_WIDTH)} 8 re f`);
      this.y = PAGE_HEIGHT - MARGIN_TOP;
    }
  }

  /** Makes room for `height` points, breaking the page when needed. */
  ensure(height: number): void {
    if (this.y - height < MARGIN_BOTTOM) this.newPage();
  }

  line(style: Style, text: string, x = MARGIN_X): void {
    this.current.push(textOp(style.font, style.size, style.color, x, this.y - style.size, text));
    this.y -= style.leading;
  }

  bullet(x: number): void {
    const style = STYLES.p;
    this.current.push(textOp('F1', style.size, COLORS.blue, x, this.y - style.size, '•'));
  }

  finish(): string[] {
    const total = this.pages.length;
    return this.pages.map((ops, i) => {
      const label = `Página ${i + 1} de ${total}`;
      const footer = [
        `${COLORS.soft} RG 0.6 w ${n(MARGIN_X)} 48 m ${n(PAGE_WIDTH - MARGIN_X)} 48 l S`,
        textOp('F1', 8, COLORS.muted, MARGIN_X, 34, this.doc.footer),
        textOp('F1', 8, COLORS.muted, PAGE_WIDTH - MARGIN_X - textWidth(label, 'regular', 8), 34, label),
      ];
      return [...ops, ...footer].join('\n');
    });
  }
}

function layout(doc: PdfDocument): string[] {
  const pages = new Pages(doc);
  for (const block of doc.blocks) {
    if (block.kind === 'space') {
      pages.y -= block.size;
      continue;
    }
    if (block.kind === 'bullets') {
      const style = STYLES.p;
      const indent = 14;
      for (const item of block.items) {
        const lines = wrap(item, style.weight, style.size, CONTENT_WIDTH - indent);
        pages.ensure(Math.min(lines.length, 2) * style.leading);
        pages.bullet(MARGIN_X + 2);
        for (const text of lines) {
          pages.ensure(style.leading);
          pages.line(style, text, MARGIN_X + indent);
        }
        pages.y -= 2;
      }
      pages.y -= style.after;
      continue;
    }
    const style = STYLES[block.kind];
    const lines = wrap(block.text, style.weight, style.size, CONTENT_WIDTH);
    // Keep a heading with the first two lines of what follows.
    const keep = block.kind === 'h1' || block.kind === 'h2' ? style.leading + 2 * STYLES.p.leading : 0;
    pages.ensure(style.before + Math.min(lines.length, 2) * style.leading + keep);
    pages.y -= style.before;
    for (const text of lines) {
      pages.ensure(style.leading);
      pages.line(style, text);
    }
    pages.y -= style.after;
  }
  return pages.finish();
}

// ---------------------------------------------------------------------------------------------------------
// Serialisation
// ---------------------------------------------------------------------------------------------------------

/** The whole PDF file. */
export function renderPdf(doc: PdfDocument): Buffer {
  const contents = layout(doc);
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesRef = add('');
  const fontRegular = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const fontBold = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  const pageRefs: number[] = [];
  for (const content of contents) {
    const stream = add(
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
    pageRefs.push(
      add(
        `<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 ${n(PAGE_WIDTH)} ${n(PAGE_HEIGHT)}] ` +
          `/Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRef} 0 R /Lang ${pdfTextString(doc.lang)} >>`;
  objects[pagesRef - 1] =
    `<< /Type /Pages /Kids [${pageRefs.map((r) => `${r} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`;
  const stamp = `D:${doc.date.replaceAll('-', '')}000000-05'00'`;
  const info = add(
    `<< /Title ${pdfTextString(doc.title)} /Author ${pdfTextString(doc.author)} ` +
      `/Subject ${pdfTextString(doc.subject)} /Keywords ${pdfTextString(doc.keywords)} ` +
      `/Creator (TOGO scripts/make-legal-pdfs.ts) /Producer (TOGO pdf-writer) ` +
      `/CreationDate (${stamp}) /ModDate (${stamp}) >>`,
  );

  // Header with a binary comment line, then objects; offsets are byte positions (the file is Latin-1/ASCII).
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\n`;
  out += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
