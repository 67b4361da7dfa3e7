/**
 * The CSV columns of a case list (the provider's and Case Management's): the table's columns in its
 * wording (spec provider-side section 2 "Case List screen"; back-office-and-shell section 2) plus the
 * ids, all procedure codes rather than the table's first two, Yes/No for the documents.
 */
import { caseStatusLabel } from '../../../shared';
import type { CsvColumn } from '../components/csv';
import type { CaseView } from './api';
import { hasDemo, hasNote } from './CaseTable';
import { patientName } from './format';

/** The columns for cases `C`; `ownerOf` adds the back office's User column after Patient. */
export function caseCsvColumns<C extends CaseView>(ownerOf?: (c: C) => string): CsvColumn<C>[] {
  return [
    { header: 'Case ID', value: (c) => c.case_id },
    { header: 'Case Number', value: (c) => c.case_number },
    { header: 'Date', value: (c) => c.case_date, kind: 'date' },
    { header: 'Patient', value: (c) => patientName(c.patient_first, c.patient_last) },
    ...(ownerOf ? [{ header: 'User', value: ownerOf }] : []),
    { header: 'Status', value: (c) => caseStatusLabel(c.case_status) },
    { header: 'Days in Status', value: (c) => c.days_in_status },
    { header: 'Insurance', value: (c) => c.ins_provider.trim() },
    { header: 'Procedure Codes', value: (c) => c.procedure_codes.map((p) => p.code) },
    { header: 'Pay Amount', value: (c) => c.pay_amount, kind: 'amount' },
    { header: 'Demo Sheet', value: (c) => (hasDemo(c) ? 'Yes' : 'No') },
    { header: 'Op Note', value: (c) => (hasNote(c) ? 'Yes' : 'No') },
  ];
}
