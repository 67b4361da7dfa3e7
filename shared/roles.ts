/**
 * Roles derived from the numeric user_type (spec back-office-and-shell section 6; provider-side
 * section 6). A missing user_type counts as 0. The first labelling (Provider / Case Admin / ...)
 * is the one built.
 */

export const USER_TYPE = {
  PROVIDER: 0,
  CASE_ADMIN: 10,
  USER_ADMIN: 20,
  REPORT_ADMIN: 50,
  GLOBAL_ADMIN: 100,
  SUPER_USER: 1000,
} as const;

/** Cognito groups with their precedence (spec provider-side section 3, identity settings). */
export const COGNITO_GROUPS = [
  { name: 'admin', precedence: 0 },
  { name: 'surgeon', precedence: 1 },
  { name: 'staff', precedence: 2 },
] as const;
export type CognitoGroup = (typeof COGNITO_GROUPS)[number]['name'];

/** Normalise a stored or transmitted user_type (number or numeric text); missing or bad -> 0. */
export function toUserType(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** 10 or more: back-office access and read access to all cases. */
export function isBackOffice(userType: number): boolean {
  return userType >= USER_TYPE.CASE_ADMIN;
}
/** 20 or more: user management. */
export function canManageUsers(userType: number): boolean {
  return userType >= USER_TYPE.USER_ADMIN;
}
/** 50 or more: reports. */
export function canReport(userType: number): boolean {
  return userType >= USER_TYPE.REPORT_ADMIN;
}
/** 100 or more: list management. */
export function canManageLists(userType: number): boolean {
  return userType >= USER_TYPE.GLOBAL_ADMIN;
}
/** 100 or more: list soft-deleted cases and restore them. */
export function canRestoreCases(userType: number): boolean {
  return userType >= USER_TYPE.GLOBAL_ADMIN;
}
/** 100 or more: the Support inbox (docs/decisions/0027-email-and-support-messages.md) and the email viewer. */
export function canReadSupport(userType: number): boolean {
  return userType >= USER_TYPE.GLOBAL_ADMIN;
}
/** 100 or more: run the reminder emails now (docs/decisions/0030-deadline-reminders.md). */
export function canRunReminders(userType: number): boolean {
  return userType >= USER_TYPE.GLOBAL_ADMIN;
}
/** Changing a case status (PUT /case) needs back-office access (spec provider-side, the case workflow). */
export function canChangeCaseStatus(userType: number): boolean {
  return isBackOffice(userType);
}

/** Role label per back-office-and-shell section 6 (first labelling). */
export function roleLabel(userType: number): string {
  if (userType >= USER_TYPE.SUPER_USER) return 'Super User';
  if (userType >= USER_TYPE.GLOBAL_ADMIN) return 'Global Admin';
  if (userType >= USER_TYPE.REPORT_ADMIN) return 'Report Admin';
  if (userType >= USER_TYPE.USER_ADMIN) return 'Case & User Admin';
  if (userType >= USER_TYPE.CASE_ADMIN) return 'Case Admin';
  return 'Provider';
}
