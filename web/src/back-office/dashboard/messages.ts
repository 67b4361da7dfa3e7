/**
 * Texts of the analytics dashboard, the provider pipeline and the System Status (spec
 * back-office-and-shell sections 2 "Analytics Dashboard", 8 "Dashboard and analytics"). Defined once; the pages and the tests import them.
 */
import { LOAD_ERROR_MESSAGES } from '../../../../shared/messages';

export const ANALYTICS_MESSAGES = {
  /** Spec section 8: a network failure (no answer, or 502/503/504). */
  loadFailed: LOAD_ERROR_MESSAGES.dashboardUnavailable,
  /** Spec section 8: any other failure. */
  analyticsFailed: LOAD_ERROR_MESSAGES.analyticsFailed,
  /** An answer of another shape (a server of another version). */
  invalidFormat: 'Invalid response format',
  /** Spec section 2: the empty state. */
  noData: 'No analytics data available',
  /** Under Pending Cases: the spec counts status Paid, which the title alone does not say. */
  pendingCasesHint: 'Paid, awaiting provider payment',
  loading: 'Loading analytics…',
} as const;

/** The time ranges of the selector (spec: Last 7 days, 30 days, 90 days, year) and their API value. */
export const ANALYTICS_RANGES = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '1y', label: 'Last year' },
] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]['value'];

/** The range shown first. */
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '30d';

/** System Status texts of the back-office home (spec section 2 "Back-office Home"). */
export const SYSTEM_STATUS_MESSAGES = {
  apiOk: 'API Operational',
  apiDown: 'API Unavailable',
  dbOk: 'Database Connected',
  dbDown: 'Database Unavailable',
  checking: 'Checking system status…',
  checkedAt: (time: string, ms: number) => `Checked at ${time} (${ms} ms)`,
} as const;
