/**
 * The provider payment report as a PDF, built with pdf-lib (spec
 * back-office-and-shell section 2 "Reports": "a PDF of cases in pending payment status grouped by
 * provider").
 *
 * Layout (US Letter landscape, 792 x 612 pt, 36 pt margins):
 * - page 1: the title "Provider Payment Report", "Generated at: <MM/DD/YYYY, h:mm:ss AM/PM zone>"
 *   (US format, in `timeZone`), and what it covers (status Paid, 20; provider scope);
 * - one section per provider, in the order given: "<name> - NPI <npi>", then a table with the columns
 *   Case (the case number), Case ID, Date (MM/DD/YYYY), Patient ("Last, First"), Insurance, Procedure Codes, Pay Amount
 *   (dollars, `$1,234.56`), then "Subtotal for <name> (<n> cases)" with the provider's sum;
 * - a table that does not fit continues on the next page under "<name> (continued)" and the column
 *   header again; a provider heading never ends a page alone (it needs its header and one row);
 * - the last line: "Grand total (<n> cases, <p> providers)" and the sum of every case;
 * - every page: "Page N of M" at the bottom, and from page 2 on "Provider Payment Report" at the top.
 *
 * Text uses the standard Helvetica fonts (WinAnsi): a character those fonts cannot draw (e.g. CJK,
 * emoji) is drawn as `?`; a cell longer than its column is cut with an ellipsis. pdf-lib builds the
 * document (pages, fonts, metadata, cross-reference); each page's content stream is written here as
 * text ({@link PageContent}: one hex string `<...> Tj` per cell) and compressed with node:zlib, which
 * at 15,000 cases is several times faster and smaller than pdf-lib's drawText. Text stays extractable:
 * test/support/pdf-text.ts reads it back with node:zlib.
 *
 * Amounts are integer cents in and out (no float sums). Throws only on a pdf-lib failure.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFFont, PDFPage, StandardFonts } from 'pdf-lib';
import { formatCents } from '../../shared/display';

/** One case row of the report. */
export interface ReportCase {
  case_id: string;
  /** "C-000123", '' while the case has none (shared/case-number.ts). */
  case_number: string;
  /** `YYYY-MM-DD` as stored. */
  case_date: string;
  patient_first: string;
  patient_last: string;
  ins_provider: string;
  procedure_codes: readonly string[];
  /** Pay amount in integer cents (0 when none was entered). */
  pay_cents: number;
}

/** One provider's section. */
export interface ReportProvider {
  user_id: string;
  /** "First Last", or the spec's fallback name when the profile is gone. */
  name: string;
  /** The provider's NPI, '' when the profile has none. */
  npi: string;
  cases: readonly ReportCase[];
}

export interface PaymentReportInput {
  generatedAt: Date;
  /** IANA zone of "Generated at" (default `UTC`). */
  timeZone?: string;
  /** What the report covers, e.g. "All providers" or the provider's name. */
  scope: string;
  providers: readonly ReportProvider[];
}

export interface PaymentReportPdf {
  bytes: Uint8Array;
  pages: number;
  caseCount: number;
  /** Sum of every case's pay amount, cents. */
  totalCents: number;
}

export const REPORT_TITLE = 'Provider Payment Report';

const PAGE_WIDTH = 792;
const PAGE_HEIGHT = 612;
const MARGIN = 36;
const FOOTER_Y = 20;
const BOTTOM = MARGIN + 6;
const TABLE_SIZE = 8;
const ROW_HEIGHT = 12;
const HEADING_SIZE = 11;
const HEADING_HEIGHT = 18;
const CELL_PAD = 3;

/** Columns: header, width (pt), right-aligned. Widths sum to the usable width (720 pt). */
export const REPORT_COLUMNS = [
  { header: 'Case', width: 46, right: false },
  // A case id (a user id, '_', 13 digits) needs about 220 pt at 8 pt.
  { header: 'Case ID', width: 222, right: false },
  { header: 'Date', width: 54, right: false },
  { header: 'Patient', width: 112, right: false },
  { header: 'Insurance', width: 108, right: false },
  { header: 'Procedure Codes', width: 104, right: false },
  { header: 'Pay Amount', width: 74, right: true },
] as const;

/** "1 case", "2 cases". */
export function casesText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'case' : 'cases'}`;
}

/** `MM/DD/YYYY` of a stored `YYYY-MM-DD` (other text as it is). */
export function usDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : isoDate;
}

/** "11/23/2026, 6:05:12 PM EST": a time in US format with its zone's short name. */
export function usDateTime(date: Date, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** The text of one case row, cell by cell (before fitting to the columns). */
export function rowCells(c: ReportCase): string[] {
  const patient = [c.patient_last, c.patient_first].filter((p) => p.trim() !== '').join(', ');
  return [
    c.case_number,
    c.case_id,
    usDate(c.case_date),
    patient,
    c.ins_provider,
    c.procedure_codes.join(', '),
    formatCents(c.pay_cents),
  ];
}

/** WinAnsi (windows-1252) bytes 0x80..0x9F; 0x20..0x7E and 0xA0..0xFF are Latin-1. */
const WIN_ANSI_HIGH =
  '\u20ac\u0000\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u0000\u017d\u0000' +
  '\u0000\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u0000\u017e\u0178';
/** Unicode code point -> WinAnsi byte, for every character the standard fonts can draw. */
const WIN_ANSI = new Map<number, number>();
for (let b = 0x20; b <= 0xff; b++) {
  if (b === 0x7f || b === 0xad) continue;
  if (b >= 0x80 && b <= 0x9f) {
    const ch = WIN_ANSI_HIGH.charCodeAt(b - 0x80);
    if (ch !== 0) WIN_ANSI.set(ch, b);
  } else WIN_ANSI.set(b, b);
}

/** Text the standard fonts can draw: each other character becomes `?`; line breaks become spaces. */
export function drawable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) {
    out += WIN_ANSI.has(ch.codePointAt(0) ?? 0) ? ch : '?';
  }
  return out;
}

/** A drawable text as a PDF hex string of WinAnsi bytes, e.g. `<414243>`. */
function hexString(text: string): string {
  let hex = '';
  for (const ch of text) hex += (WIN_ANSI.get(ch.codePointAt(0) ?? 0x3f) ?? 0x3f).toString(16).padStart(2, '0');
  return `<${hex}>`;
}

/** A number for a content stream (at most 2 decimals). */
const n = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));

/** `text` cut (with an ellipsis) to fit `width` at `size`. */
function fit(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const ellipsis = '\u2026';
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (font.widthOfTextAtSize(text.slice(0, mid) + ellipsis, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo) + ellipsis;
}

/** An RGB fill colour (0..1 each). */
type Colour = readonly [number, number, number];
const BLACK: Colour = [0, 0, 0];
const GREY: Colour = [0.35, 0.35, 0.35];
const RULE: Colour = [0.8, 0.8, 0.8];
const HEADER_FILL: Colour = [0.92, 0.93, 0.95];

/**
 * The operators of one page, written as content-stream text (pdf-lib's drawText builds an object
 * per operator: at 15,000 cases that, and its JavaScript deflate, took most of the time). The
 * stream is compressed with node:zlib when the page is finished.
 */
class PageContent {
  private readonly parts: string[] = [];
  constructor(
    readonly page: PDFPage,
    private readonly fontKeys: ReadonlyMap<PDFFont, string>,
  ) {}

  text(value: string, x: number, y: number, size: number, font: PDFFont, colour: Colour = BLACK): void {
    const key = this.fontKeys.get(font) ?? 'F1';
    this.parts.push(
      `BT /${key} ${n(size)} Tf ${colour.map(n).join(' ')} rg 1 0 0 1 ${n(x)} ${n(y)} Tm ${hexString(value)} Tj ET\n`,
    );
  }

  rectangle(x: number, y: number, width: number, height: number, colour: Colour): void {
    this.parts.push(`q ${colour.map(n).join(' ')} rg ${n(x)} ${n(y)} ${n(width)} ${n(height)} re f Q\n`);
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness: number, colour: Colour = BLACK): void {
    this.parts.push(`q ${colour.map(n).join(' ')} RG ${n(thickness)} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S Q\n`);
  }

  /** Compress the operators into the page's content stream. */
  finish(doc: PDFDocument): void {
    const bytes = deflateSync(Buffer.from(this.parts.join(''), 'latin1'));
    const stream = doc.context.stream(bytes, { Filter: 'FlateDecode' });
    this.page.node.addContentStream(doc.context.register(stream));
  }
}

/** Build the report (see the module doc). */
export async function renderPaymentReport(input: PaymentReportInput): Promise<PaymentReportPdf> {
  const doc = await PDFDocument.create();
  doc.setTitle(REPORT_TITLE);
  doc.setProducer('Suture');
  doc.setCreator('Suture');
  doc.setCreationDate(input.generatedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = drawable;
  const contents: PageContent[] = [];

  const addPage = (): PageContent => {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const keys = new Map<PDFFont, string>([
      [regular, page.node.newFontDictionary('F1', regular.ref).asString().slice(1)],
      [bold, page.node.newFontDictionary('F2', bold.ref).asString().slice(1)],
    ]);
    const content = new PageContent(page, keys);
    contents.push(content);
    return content;
  };

  let page = addPage();
  let y = PAGE_HEIGHT - MARGIN;

  const newPage = () => {
    page = addPage();
    page.text(REPORT_TITLE, MARGIN, PAGE_HEIGHT - MARGIN + 10, 8, regular, GREY);
    y = PAGE_HEIGHT - MARGIN - 6;
  };
  const fits = (height: number) => y - height >= BOTTOM;

  const heading = (label: string) => {
    y -= HEADING_HEIGHT;
    page.text(fit(bold, text(label), HEADING_SIZE, PAGE_WIDTH - 2 * MARGIN), MARGIN, y + 5, HEADING_SIZE, bold);
  };

  const cells = (values: readonly string[], font: PDFFont) => {
    let x = MARGIN;
    REPORT_COLUMNS.forEach((col, i) => {
      const value = fit(font, text(values[i] ?? ''), TABLE_SIZE, col.width - 2 * CELL_PAD);
      const left = col.right ? x + col.width - CELL_PAD - font.widthOfTextAtSize(value, TABLE_SIZE) : x + CELL_PAD;
      page.text(value, left, y + 3.5, TABLE_SIZE, font);
      x += col.width;
    });
  };

  const tableHeader = () => {
    y -= ROW_HEIGHT;
    page.rectangle(MARGIN, y, PAGE_WIDTH - 2 * MARGIN, ROW_HEIGHT, HEADER_FILL);
    cells(
      REPORT_COLUMNS.map((c) => c.header),
      bold,
    );
  };

  const right = (value: string, size: number, font: PDFFont, baseline: number) =>
    page.text(value, PAGE_WIDTH - MARGIN - CELL_PAD - font.widthOfTextAtSize(value, size), baseline, size, font);

  // First page: title block.
  y -= 20;
  page.text(REPORT_TITLE, MARGIN, y, 18, bold);
  y -= 16;
  page.text(`Generated at: ${usDateTime(input.generatedAt, input.timeZone ?? 'UTC')}`, MARGIN, y, 10, regular);
  y -= 14;
  page.text(
    fit(regular, text(`Cases in pending payment status (Paid) - ${input.scope}`), 10, 720),
    MARGIN,
    y,
    10,
    regular,
    GREY,
  );
  y -= 8;

  let caseCount = 0;
  let totalCents = 0;
  for (const provider of input.providers) {
    const title = `${provider.name} - NPI ${provider.npi || 'N/A'}`;
    // The heading, the column header and one row (or the subtotal) stay together.
    if (!fits(6 + HEADING_HEIGHT + 2 * ROW_HEIGHT)) newPage();
    y -= 6;
    heading(title);
    tableHeader();
    let subtotal = 0;
    for (const c of provider.cases) {
      if (!fits(ROW_HEIGHT)) {
        newPage();
        heading(`${title} (continued)`);
        tableHeader();
      }
      y -= ROW_HEIGHT;
      cells(rowCells(c), regular);
      page.line(MARGIN, y, PAGE_WIDTH - MARGIN, y, 0.3, RULE);
      subtotal += c.pay_cents;
    }
    if (!fits(ROW_HEIGHT + 4)) {
      newPage();
      heading(`${title} (continued)`);
    }
    y -= ROW_HEIGHT + 2;
    const label = fit(
      bold,
      text(`Subtotal for ${provider.name} (${casesText(provider.cases.length)})`),
      TABLE_SIZE,
      560,
    );
    page.text(label, MARGIN + CELL_PAD, y + 3.5, TABLE_SIZE, bold);
    right(formatCents(subtotal), TABLE_SIZE, bold, y + 3.5);
    caseCount += provider.cases.length;
    totalCents += subtotal;
  }

  if (!fits(HEADING_HEIGHT + 10)) newPage();
  y -= 10;
  page.line(MARGIN, y, PAGE_WIDTH - MARGIN, y, 1);
  y -= HEADING_HEIGHT;
  const providers = input.providers.length;
  page.text(
    `Grand total (${casesText(caseCount)}, ${providers.toLocaleString('en-US')} ${providers === 1 ? 'provider' : 'providers'})`,
    MARGIN + CELL_PAD,
    y + 5,
    HEADING_SIZE,
    bold,
  );
  right(formatCents(totalCents), HEADING_SIZE, bold, y + 5);

  contents.forEach((content, i) => {
    const label = `Page ${i + 1} of ${contents.length}`;
    content.text(label, (PAGE_WIDTH - regular.widthOfTextAtSize(label, 8)) / 2, FOOTER_Y, 8, regular, GREY);
    content.finish(doc);
  });
  const pages = contents;

  const bytes = await doc.save({ useObjectStreams: true });
  return { bytes, pages: pages.length, caseCount, totalCents };
}
