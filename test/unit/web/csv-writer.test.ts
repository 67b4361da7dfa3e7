/**
 * The SPA's CSV writer (web/src/components/csv.ts): what Excel and a CSV reader get back, and the
 * formula guard.
 */
import { parse } from 'csv-parse/sync';
import { toCsv, type CsvColumn } from '../../../web/src/components/csv';

interface Row {
  text: string | null;
  amount?: number | string | null;
  date?: string | number | null;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'Text', value: (r) => r.text },
  { header: 'Amount', value: (r) => r.amount, kind: 'amount' },
  { header: 'Date', value: (r) => r.date, kind: 'date' },
];

function readBack(csv: string): string[][] {
  return parse(csv, { bom: true, relax_column_count: false });
}

describe('toCsv', () => {
  it('starts with the UTF-8 byte-order mark and the headers, and ends each line with CRLF', () => {
    // Act
    const csv = toCsv(COLUMNS, [{ text: 'a' }]);
    // Assess
    expect(csv.startsWith('\uFEFFText,Amount,Date\r\n')).toBe(true);
    expect(csv.endsWith('a,,\r\n')).toBe(true);
  });

  it('quotes commas, quotes and line breaks so that a reader gets the text back', () => {
    // Prepare
    const texts = ['Smith, Jane', 'the "best" surgeon', 'line one\nline two', 'a\r\nb'];
    // Act
    const csv = toCsv(
      COLUMNS,
      texts.map((text) => ({ text })),
    );
    // Assess
    expect(csv).toContain('"Smith, Jane"');
    expect(csv).toContain('"the ""best"" surgeon"');
    expect(
      readBack(csv)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(texts);
  });

  it('keeps non-ASCII text as it is', () => {
    // Act
    const csv = toCsv(COLUMNS, [{ text: 'José Müller — 東京' }]);
    // Assess
    expect(readBack(csv)[1]?.[0]).toBe('José Müller — 東京');
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("prefixes a text cell starting with = + - @ tab or carriage return with ' and leaves other cells alone", () => {
    // Prepare
    const cells = ['=SUM(A1:A9)', '+1', '-2+3', '@cmd', '\tx', '\rx', 'a=b', '1-2'];
    // Act
    const read = readBack(
      toCsv(
        COLUMNS,
        cells.map((text) => ({ text })),
      ),
    )
      .slice(1)
      .map((r) => r[0]);
    // Assess
    expect(read).toEqual(["'=SUM(A1:A9)", "'+1", "'-2+3", "'@cmd", "'\tx", "'\rx", 'a=b', '1-2']);
  });

  it('writes amounts as plain numbers with 2 decimals, a negative one unguarded', () => {
    // Act
    const csv = toCsv(COLUMNS, [
      { text: 'x', amount: 1234.5 },
      { text: 'x', amount: '87' },
      { text: 'x', amount: -3.456 },
      { text: 'x', amount: null },
    ]);
    // Assess
    expect(
      readBack(csv)
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['1234.50', '87.00', '-3.46', '']);
  });

  it('writes dates as YYYY-MM-DD from a calendar day, an ISO timestamp or epoch milliseconds', () => {
    // Act
    const csv = toCsv(COLUMNS, [
      { text: 'x', date: '2026-03-14' },
      { text: 'x', date: '2026-11-23T18:05:12.000Z' },
      { text: 'x', date: Date.UTC(2026, 0, 2, 12) },
    ]);
    // Assess
    expect(
      readBack(csv)
        .slice(1)
        .map((r) => r[2]),
    ).toEqual(['2026-03-14', '2026-11-23', '2026-01-02']);
  });

  it('writes a list as the screen shows it, comma-separated in one quoted cell', () => {
    // Act
    const csv = toCsv(
      [{ header: 'Procedure Codes', value: (r: { codes: string[] }) => r.codes }],
      [{ codes: ['27447', '29880'] }],
    );
    // Assess
    expect(csv.split('\r\n')[1]).toBe('"27447, 29880"');
    expect(readBack(csv)[1]).toEqual(['27447, 29880']);
  });

  it('writes only the header row for no rows', () => {
    expect(toCsv(COLUMNS, [])).toBe('\uFEFFText,Amount,Date\r\n');
  });
});
