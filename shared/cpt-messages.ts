/**
 * Texts of the case form about procedure codes (web/src/cases). A module of their own, not in
 * ./constants.ts: the SPA's entry chunk carries every used constant of that module, and /auth has
 * no bytes to spare (at most 150 KB gzipped).
 */

/**
 * What the case form says under a procedure code that no CPT list holds, and
 * the label of the box that keeps it anyway.
 */
export const CPT_UNKNOWN_MESSAGES = {
  notInList: (code: string) => `Code ${code} is not in the CPT code list. Check it for a typo.`,
  keepAnyway: (code: string) => `Keep code ${code} anyway`,
  confirmBeforeSaving: 'Correct the procedure codes that are not in the CPT code list, or confirm that you keep them.',
} as const;
