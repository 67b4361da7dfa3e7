/**
 * Layout of the provider payment report PDF (lambdas/report/pdf.ts): tables
 * continued across pages with the provider heading and the column header repeated, page numbers,
 * subtotals and the grand total in cents, US dates, text the standard fonts cannot draw, cells cut
 * to their column, the file name. The text is read back with test/support/pdf-text.ts.
 */
import './support/env';
import { renderPaymentReport, usDate, usDateTime, type ReportProvider } from '../../../lambdas/report/pdf';
import { reportFilename } from '../../../lambdas/report/handler';
import { pdfText, pdfTextPages } from '../../support/pdf-text';
import { formatCaseNumber } from '../../../shared/case-number';

function provider(name: string, npi: string, count: number, payCents = 1_000): ReportProvider {
  return {
    user_id: `id-${name}`,
    name,
    npi,
    cases: Array.from({ length: count }, (_, i) => ({
      case_id: `${name.replace(/\s/g, '')}_${1_760_000_000_000 + i}`,
      case_number: formatCaseNumber(1_000 + i),
      case_date: '2026-03-04',
      patient_first: 'Pat',
      patient_last: `Row${i}`,
      ins_provider: 'Northwind Health',
      procedure_codes: ['27447', '29881'],
      pay_cents: payCents,
    })),
  };
}

const GENERATED = new Date('2026-11-23T18:05:12Z');

describe('the payment report layout', () => {
  it('continues a long table on the next pages with the heading and the column header repeated', async () => {
    // Prepare: 120 rows (more than two pages of about 40)
    const input = {
      generatedAt: GENERATED,
      scope: 'All providers',
      providers: [provider('Ada Quill', '1234567893', 120)],
    };

    // Act
    const pdf = await renderPaymentReport(input);

    // Assess
    const pages = pdfTextPages(pdf.bytes);
    expect(pdf.pages).toBeGreaterThanOrEqual(3);
    expect(pages).toHaveLength(pdf.pages);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pdf.pages}`);
      expect(page).toContain('Case\nCase ID\nDate\nPatient\nInsurance\nProcedure Codes\nPay Amount');
      if (i > 0) expect(page).toContain('Ada Quill - NPI 1234567893 (continued)');
    });
    // Every row exactly once, in order.
    const text = pdfText(pdf.bytes);
    const ids = [...text.matchAll(/AdaQuill_(\d+)/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(Array.from({ length: 120 }, (_, i) => 1_760_000_000_000 + i));
  });

  it('names each case by its number, with its whole case id beside it', async () => {
    // Prepare: a case id as the API makes them (a user id, '_', 13 digits: 50 characters)
    const p = provider('Ada Quill', '1234567893', 1);
    const row = {
      ...p.cases[0]!,
      case_id: '0f8fad5b-d9cb-469f-a165-70867728950e_1760000000000',
      case_number: 'C-000042',
    };

    // Act
    const pdf = await renderPaymentReport({ generatedAt: GENERATED, scope: 'x', providers: [{ ...p, cases: [row] }] });

    // Assess
    expect(pdfText(pdf.bytes)).toContain('C-000042\n0f8fad5b-d9cb-469f-a165-70867728950e_1760000000000\n03/04/2026');
  });

  it('sums each provider in a subtotal and every case in the grand total, in cents', async () => {
    // Prepare: 3 x $0.10 + 2 x $0.20 (floats would not add up exactly), and $1,234,567.89
    const input = {
      generatedAt: GENERATED,
      scope: 'All providers',
      providers: [
        provider('Ada Quill', '1234567893', 3, 10),
        provider('Bram Oakes', '', 2, 20),
        provider('Cy Rowe', '1111111112', 1, 123_456_789),
      ],
    };

    // Act
    const pdf = await renderPaymentReport(input);

    // Assess
    const text = pdfText(pdf.bytes);
    expect(pdf.caseCount).toBe(6);
    expect(pdf.totalCents).toBe(123_456_859);
    expect(text).toMatch(/Subtotal for Ada Quill \(3 cases\)\n\$0\.30/);
    expect(text).toMatch(/Subtotal for Bram Oakes \(2 cases\)\n\$0\.40/);
    expect(text).toContain('Bram Oakes - NPI N/A');
    expect(text).toMatch(/Subtotal for Cy Rowe \(1 case\)\n\$1,234,567\.89/);
    expect(text).toMatch(/Grand total \(6 cases, 3 providers\)\n\$1,234,568\.59/);
  });

  it('never leaves a provider heading alone at the bottom of a page', async () => {
    // Prepare: many small providers, so that headings fall near page ends
    const providers = Array.from({ length: 40 }, (_, i) =>
      provider(`Doctor ${String(i).padStart(2, '0')}`, '1234567893', 1 + (i % 4)),
    );

    // Act
    const pdf = await renderPaymentReport({ generatedAt: GENERATED, scope: 'All providers', providers });

    // Assess: the last heading of each page is followed by its column header and a row or a subtotal
    for (const page of pdfTextPages(pdf.bytes)) {
      const lines = page.split('\n');
      const last = lines
        .map((l, i) => (/ - NPI /.test(l) ? i : -1))
        .filter((i) => i >= 0)
        .pop();
      if (last === undefined) continue;
      expect(lines[last + 1]).toBe('Case');
      expect(lines.slice(last + 8).some((l) => /^Doctor\d+_\d+$/.test(l) || /^Subtotal for /.test(l))).toBe(true);
    }
  });

  it('writes the generation time in US format in the time zone asked, and US case dates', async () => {
    // Act
    const pdf = await renderPaymentReport({
      generatedAt: GENERATED,
      timeZone: 'America/New_York',
      scope: 'Ada Quill',
      providers: [provider('Ada Quill', '1234567893', 1)],
    });

    // Assess
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Generated at: 11/23/2026, 1:05:12 PM EST');
    expect(text).toContain('03/04/2026');
    expect(text).toContain('Cases in pending payment status (Paid) - Ada Quill');
    expect(usDate('2026-12-31')).toBe('12/31/2026');
    expect(usDateTime(GENERATED)).toBe('11/23/2026, 6:05:12 PM UTC');
  });

  it('draws characters the standard fonts lack as ? and cuts cells longer than their column', async () => {
    // Prepare
    const p = provider('Zoë 李 Quill', '1234567893', 1);
    const long = { ...p.cases[0]!, ins_provider: 'A'.repeat(200), patient_last: 'Müller😀' };

    // Act
    const pdf = await renderPaymentReport({ generatedAt: GENERATED, scope: 'x', providers: [{ ...p, cases: [long] }] });

    // Assess
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Zoë ? Quill - NPI 1234567893');
    expect(text).toContain('Müller?, Pat');
    const cell = text.split('\n').find((l) => l.startsWith('AAAA'));
    expect(cell).toMatch(/^A+\u2026$/);
    expect(cell!.length).toBeLessThan(60);
  });
});

describe('the report file name', () => {
  it('names the scope and the UTC time, with no provider or patient name', () => {
    // Act
    const all = reportFilename(undefined, GENERATED);
    const one = reportFilename('72df5eef-d59b-41c9-abff-a3e5e991124a', GENERATED);

    // Assess
    expect(all).toBe('provider-payment-report_all_2026-11-23_180512.pdf');
    expect(one).toBe('provider-payment-report_72df5eef_2026-11-23_180512.pdf');
  });
});
