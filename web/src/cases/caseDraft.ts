/**
 * In-memory draft of the case form while the user adds a surgeon or facility from it ("returns to the case form (with what was typed) after saving").
 *
 * Flow: the case form's "Add a surgeon" / "Add a facility" link stashes the form's values here
 * ({@link stashCaseDraft}) and passes `{ returnTo: <case form path> }` as router state; the surgeon
 * or facility screen, after saving, records the new id ({@link chooseInCaseDraft}) and navigates back
 * to `returnTo` with router state `{ restoreCaseDraft: true }`; the case form then starts from the
 * draft ({@link useRestoredCaseDraft}) and the draft is dropped.
 *
 * The files chosen in the form's document section go with it (as File objects in memory), so that
 * they are still chosen on the way back.
 *
 * The draft holds typed PHI (patient names), so it lives only in this module's memory: never in
 * localStorage, sessionStorage or history state (which only carry the path and a flag). It is tied
 * to the user id that stashed it, so another user signing in in the same tab never sees it.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { CaseFormInput } from '../../../shared';

interface CaseDraft {
  userId: string;
  /** The case form path the draft belongs to ('/case/new' or '/case/{id}/edit'). */
  path: string;
  values: CaseFormInput;
  /** Files chosen in the form's document section (File objects, memory only), if any. */
  files?: unknown;
}

let draft: CaseDraft | undefined;

/** Router state of the link to the add-surgeon / add-facility screens. */
export interface ReturnToCaseState {
  returnTo: string;
}

/** Router state of the way back to the case form. */
export const RESTORE_CASE_DRAFT_STATE = { restoreCaseDraft: true } as const;

/** Keep the case form's values (a copy) for `userId` and `path`, replacing any earlier draft. */
export function stashCaseDraft(userId: string, path: string, values: CaseFormInput, files?: unknown): void {
  draft = {
    userId,
    path,
    values: { ...values, procedure_codes: values.procedure_codes.map((row) => ({ ...row })) },
    files,
  };
}

/** The files kept with the draft for `userId` and `path`, if any (not removed). */
export function peekCaseDraftFiles(userId: string, path: string): unknown {
  return draft && draft.userId === userId && draft.path === path ? draft.files : undefined;
}

/** Put a newly saved surgeon or facility into the draft's select (no-op without a draft). */
export function chooseInCaseDraft(field: 'primary_surgeon' | 'facility', id: string): void {
  if (draft && id) draft = { ...draft, values: { ...draft.values, [field]: id } };
}

/** The draft for `userId` and `path`, if any (not removed). */
export function peekCaseDraft(userId: string, path: string): CaseFormInput | undefined {
  return draft && draft.userId === userId && draft.path === path ? draft.values : undefined;
}

/** Drop the draft. */
export function clearCaseDraft(): void {
  draft = undefined;
}

/**
 * The `returnTo` of a router state when it is a case form path ('/case/new', '/case/{id}/edit'),
 * else undefined (no open redirects through router state).
 */
export function caseFormReturnPath(state: unknown): string | undefined {
  const returnTo = (state as Partial<ReturnToCaseState> | null)?.returnTo;
  return typeof returnTo === 'string' && /^\/case\/(new|[^/?#]+\/edit)$/.test(returnTo) ? returnTo : undefined;
}

/**
 * For the case form: the stashed values when the page was reached by the way back from the add
 * screens (router state `restoreCaseDraft`), for this user and path; read once, then dropped.
 */
export function useRestoredCaseDraft(
  userId: string | undefined,
): { values: CaseFormInput; files: unknown } | undefined {
  const location = useLocation();
  const restore = (location.state as { restoreCaseDraft?: boolean } | null)?.restoreCaseDraft === true;
  const [restored] = useState(() => {
    const values = restore && userId ? peekCaseDraft(userId, location.pathname) : undefined;
    return values && userId ? { values, files: peekCaseDraftFiles(userId, location.pathname) } : undefined;
  });
  useEffect(() => {
    if (restored) clearCaseDraft();
  }, [restored]);
  return restored;
}

/**
 * For the case form's "Add a surgeon" / "Add a facility" links: `linkTo(path)` gives the Link props
 * (`to`, router state `{ returnTo }` = this form's path, and an `onClick` that stashes the form's
 * current values for `userId`).
 */
export function useCaseDraftLink(
  userId: string | undefined,
  getValues: () => CaseFormInput,
  getFiles: () => unknown = () => undefined,
) {
  const { pathname } = useLocation();
  return (to: string) => ({
    to,
    state: { returnTo: pathname } satisfies ReturnToCaseState,
    onClick: () => {
      if (userId) stashCaseDraft(userId, pathname, getValues(), getFiles());
    },
  });
}
