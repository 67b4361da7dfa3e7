/**
 * Display helpers of the case screens (spec provider-side sections 2 and 5 "Display clean-up").
 * Money and case-id rules live in shared/display.ts; these only format dates and names.
 */
import { formatFacilityName, titleCaseName, type Facility, type Surgeon } from '../../../shared';

/** YYYY-MM-DD -> MM/DD/YYYY (US practices); other text unchanged; empty -> ''. */
export function formatCaseDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : isoDate;
}

/** ISO timestamp -> local date and time ("3/15/2025, 2:05 PM"); unparsable text unchanged; empty -> 'N/A'. */
export function formatTimestamp(iso: string): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** 'Dr. First Last' with names title-cased (the case form's surgeon choice). */
export function surgeonLabel(s: Pick<Surgeon, 'first_name' | 'last_name'>): string {
  return `Dr. ${titleCaseName(s.first_name)} ${titleCaseName(s.last_name)}`.trim();
}

/** Facility name with the spec's capitalisation rules. */
export function facilityLabel(f: Pick<Facility, 'facility_name'>): string {
  return formatFacilityName(f.facility_name);
}

/** "First Last" as entered (patient names are not re-cased); '' when both are empty. */
export function patientName(first: string, last: string): string {
  return [first.trim(), last.trim()].filter(Boolean).join(' ');
}
