/**
 * The provider payment report as a PDF, built with pdf-lib (issue 8, section 5; spec
 * back-office-and-shell section 2 "Reports": "a PDF of cases in pending payment status grouped by
 * provider").
 *
 * Layout (US Letter landscape, 792 x 612 pt, 36 pt margins):
 * - page 1: the title "Provider Payment Report", "Generated at: <MM/DD/YYYY, h:mm:ss AM/PM zone>"
 *   (US format, in `timeZone`), and what it covers (status Paid, 20; provider scope);
 * - one section per provider, in the order given: "<name> - NPI <npi>", then a table with the columns
 *   Case ID, Date (MM/DD/YYYY), Patient ("Last, First"), Insurance, Procedure Codes, Pay Amount
 *   (dollars, `$1,234.56`), then "Subtotal for <name> (<n> cases)" with the provider's sum;
 * - a table that does not fit continues on the next page under "<name> (continued)" and the column
 *   header again; a provider heading never ends a page alone (it needs its header and one row);
 * - the last line: "Grand total (<n> cases, <p> providers)" and the sum of every case;
 * - every page: "Page N of M" at the bottom, and from page 2 on "Provider Payment Report" at the top.
 *
 * Text uses the standard Helvetica fonts (WinAnsi): a character those fonts cannot draw (e.g. CJK,
 * emoji) is drawn as `?`; a cell longer than its column is cut with an ellipsis. Text stays
 * extractable: pdf-lib writes each string as a hex string (`<...> Tj`) in Flate-compressed content
 * streams, which test/support/pdf-text.ts reads back with node:zlib.
 *
 * Amounts are integer cents in and out (no float sums). Throws only on a pdf-lib failure.
 */
import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { formatCents } from '../../shared/display';

/** One case row of the report. */
export interface ReportCase {
  case_id: string;
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
  { header: 'Case ID', width: 232, right: false },
  { header: 'Date', width: 54, right: false },
  { header: 'Patient', width: 124, right: false },
  { header: 'Insurance', width: 124, right: false },
  { header: 'Procedure Codes', width: 112, right: false },
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
    c.case_id,
    usDate(c.case_date),
    patient,
    c.ins_provider,
    c.procedure_codes.join(', '),
    formatCents(c.pay_cents),
  ];
}

/** Text the font can draw: each character outside its set becomes `?`; line breaks become spaces. */
function drawable(charset: ReadonlySet<number>, text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    out += charset.has(cp) ? ch : '?';
  }
  return out;
}

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

/** Build the report (see the module doc). */
export async function renderPaymentReport(input: PaymentReportInput): Promise<PaymentReportPdf> {
  const doc = await PDFDocument.create();
  doc.setTitle(REPORT_TITLE);
  doc.setProducer('Suture');
  doc.setCreator('Suture');
  doc.setCreationDate(input.generatedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(regular.getCharacterSet());
  const text = (s: string) => drawable(charset, s);
  const grey = rgb(0.35, 0.35, 0.35);
  const rule = rgb(0.8, 0.8, 0.8);
  const headerFill = rgb(0.92, 0.93, 0.95);

  let page: PDFPage = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;

  const newPage = () => {
    page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    page.drawText(REPORT_TITLE, { x: MARGIN, y: PAGE_HEIGHT - MARGIN + 10, size: 8, font: regular, color: grey });
    y = PAGE_HEIGHT - MARGIN - 6;
  };
  const fits = (height: number) => y - height >= BOTTOM;

  const heading = (label: string) => {
    y -= HEADING_HEIGHT;
    page.drawText(fit(bold, text(label), HEADING_SIZE, PAGE_WIDTH - 2 * MARGIN), {
      x: MARGIN,
      y: y + 5,
      size: HEADING_SIZE,
      font: bold,
    });
  };

  const cells = (values: readonly string[], font: PDFFont) => {
    let x = MARGIN;
    REPORT_COLUMNS.forEach((col, i) => {
      const value = fit(font, text(values[i] ?? ''), TABLE_SIZE, col.width - 2 * CELL_PAD);
      const w = font.widthOfTextAtSize(value, TABLE_SIZE);
      page.drawText(value, {
        x: col.right ? x + col.width - CELL_PAD - w : x + CELL_PAD,
        y: y + 3.5,
        size: TABLE_SIZE,
        font,
      });
      x += col.width;
    });
  };

  const tableHeader = () => {
    y -= ROW_HEIGHT;
    page.drawRectangle({ x: MARGIN, y, width: PAGE_WIDTH - 2 * MARGIN, height: ROW_HEIGHT, color: headerFill });
    cells(
      REPORT_COLUMNS.map((c) => c.header),
      bold,
    );
  };

  // First page: title block.
  y -= 20;
  page.drawText(REPORT_TITLE, { x: MARGIN, y, size: 18, font: bold });
  y -= 16;
  page.drawText(`Generated at: ${usDateTime(input.generatedAt, input.timeZone ?? 'UTC')}`, {
    x: MARGIN,
    y,
    size: 10,
    font: regular,
  });
  y -= 14;
  page.drawText(fit(regular, text(`Cases in pending payment status (Paid) - ${input.scope}`), 10, 720), {
    x: MARGIN,
    y,
    size: 10,
    font: regular,
    color: grey,
  });
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
      page.drawLine({
        start: { x: MARGIN, y },
        end: { x: PAGE_WIDTH - MARGIN, y },
        thickness: 0.3,
        color: rule,
      });
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
    page.drawText(label, { x: MARGIN + CELL_PAD, y: y + 3.5, size: TABLE_SIZE, font: bold });
    const amount = formatCents(subtotal);
    page.drawText(amount, {
      x: PAGE_WIDTH - MARGIN - CELL_PAD - bold.widthOfTextAtSize(amount, TABLE_SIZE),
      y: y + 3.5,
      size: TABLE_SIZE,
      font: bold,
    });
    caseCount += provider.cases.length;
    totalCents += subtotal;
  }

  if (!fits(HEADING_HEIGHT + 10)) newPage();
  y -= 10;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 1 });
  y -= HEADING_HEIGHT;
  const providers = input.providers.length;
  page.drawText(
    `Grand total (${casesText(caseCount)}, ${providers.toLocaleString('en-US')} ${providers === 1 ? 'provider' : 'providers'})`,
    {
      x: MARGIN + CELL_PAD,
      y: y + 5,
      size: HEADING_SIZE,
      font: bold,
    },
  );
  const grand = formatCents(totalCents);
  page.drawText(grand, {
    x: PAGE_WIDTH - MARGIN - CELL_PAD - bold.widthOfTextAtSize(grand, HEADING_SIZE),
    y: y + 5,
    size: HEADING_SIZE,
    font: bold,
  });

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, {
      x: (PAGE_WIDTH - regular.widthOfTextAtSize(label, 8)) / 2,
      y: FOOTER_Y,
      size: 8,
      font: regular,
      color: grey,
    });
  });

  const bytes = await doc.save({ useObjectStreams: true });
  return { bytes, pages: pages.length, caseCount, totalCents };
}
