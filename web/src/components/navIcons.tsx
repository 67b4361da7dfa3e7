/**
 * The navigation's icons (web/src/shell/signedInNavigation.tsx), of the same set as ./icons.tsx:
 * one path each on the 24 x 24 grid, drawn in the link's colour, hidden from assistive technology
 * (the link's text is its name). Elements rather than components: the navigation data holds them.
 */
import { ICON_BASE } from './iconBase';

const icon = (d: string) => (
  <svg {...ICON_BASE}>
    <path d={d} />
  </svg>
);

/** Cases (Case List, Case Mgmt): a clipboard with lines. */
export const CASES_ICON = icon(
  'M9 3h6v3H9zM9 4.5H6a1 1 0 0 0-1 1V20a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5.5a1 1 0 0 0-1-1h-3M9 11h6M9 15h6',
);
/** Surgeons: a person with a plus. */
export const SURGEONS_ICON = icon(
  'M15 21v-1.5a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4V21M8.5 3.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8M19 8v6M16 11h6',
);
/** Facilities: a building with a cross. */
export const FACILITY_ICON = icon('M3 21h18M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16M10 21v-4h4v4M12 6.5v5M9.5 9h5');
/** Deadline Calculator: a calendar. */
export const CALENDAR_ICON = icon(
  'M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z',
);
/** Deadlines: a clock. */
export const CLOCK_ICON = icon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20M12 6v6l4 2');
/** Profile: a person. */
export const PROFILE_ICON = icon('M20 21v-1.5a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4V21M12 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8');
/** FAQ/Tutorials: a question mark in a circle. */
export const HELP_ICON = icon(
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20M9.1 9a3 3 0 0 1 5.8 1c0 2-2.9 2.5-2.9 4M12 17.5h.01',
);
/** Report Bug: a bug. */
export const BUG_ICON = icon(
  'M9 7.5V6a3 3 0 0 1 6 0v1.5M7 10a5 5 0 0 1 10 0v4a5 5 0 0 1-10 0zM12 11v8M3 13h4M17 13h4M4 7l3 2M20 7l-3 2M4 20l3-2.5M20 20l-3-2.5',
);
/** Home: a house. */
export const HOME_ICON = icon('M3 10.5 12 3l9 7.5M5 9v11a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9');
/** Dashboard: a bar chart. */
export const CHART_ICON = icon('M3 3v18h18M8 17v-5M13 17V8M18 17v-9');
/** Awards: a medal. */
export const AWARD_ICON = icon('M12 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12M8.2 13 7 22l5-3 5 3-1.2-9');
/** User Mgmt: two people. */
export const USERS_ICON = icon(
  'M16 21v-1.5a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4V21M8.5 3.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8M23 21v-1.5a4 4 0 0 0-3-3.9M16 3.6a4 4 0 0 1 0 7.8',
);
/** Reports: a page of text. */
export const REPORT_ICON = icon(
  'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M16 13H8M16 17H8M10 9H8',
);
/** List Mgmt: a bulleted list. */
export const LIST_ICON = icon('M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01');
/** Audit: a shield with a check. */
export const AUDIT_ICON = icon('M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4');
/** Support: an envelope. */
export const MAIL_ICON = icon('M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6');
/** API: angle brackets. */
export const CODE_ICON = icon('M16 18l6-6-6-6M8 6l-6 6 6 6');
/** The phone menu's toggle: three lines. */
export const MENU_ICON = icon('M3 6h18M3 12h18M3 18h18');
/** The open phone menu's toggle: a cross. */
export const CLOSE_ICON = icon('M18 6 6 18M6 6l12 12');
