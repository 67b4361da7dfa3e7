/**
 * The same patient on the same date (the case form's warning before a save;
 * docs/decisions/0024-case-search-and-sort.md): two cases whose patient first and last names are
 * equal ignoring case, accents and spacing, and whose dates of birth are equal or not both given.
 * Pure functions, shared by the SPA and its tests. PHI: nothing here logs or sends.
 */

/** The patient of a case as the comparison reads it. */
export interface PatientIdentity {
  patient_first: string;
  patient_last: string;
  /** YYYY-MM-DD, or '' when not given. */
  patient_dob: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** True when `a` and `b` name the same patient (see the module doc). */
export function isSamePatient(a: PatientIdentity, b: PatientIdentity): boolean {
  if (fold(a.patient_first) !== fold(b.patient_first) || fold(a.patient_last) !== fold(b.patient_last)) return false;
  return a.patient_dob === '' || b.patient_dob === '' || a.patient_dob === b.patient_dob;
}
