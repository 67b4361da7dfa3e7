/**
 * Every TanStack Query key of the SPA, by feature (decision 0015-spa-patterns). One module without
 * runtime imports, so that a feature can name another's keys (to invalidate them) without loading
 * its API code. Prefixes are keys too: invalidating `caseKeys.lists` reaches every case list,
 * the back office's included; `caseKeys.stats` every count.
 */
import type { CaseStatsRange } from '../../../shared/schemas/lists';
import type { SupportState } from '../../../shared/schemas/support';
import type { AuditFilters } from '../back-office/audit/api';
import type { CaseFilters } from '../back-office/cases/api';
import type { CaseListView } from '../cases/api';
import type { AwardState, QueueFilters } from '../disputes/api';
import type { SurgeonSearchQuery } from '../surgeons/search';

/** The case screens (and the case form's suggestion lists). */
export const caseKeys = {
  all: ['cases'] as const,
  /** Prefix of every case list (invalidated after each case mutation). */
  lists: ['cases', 'list'] as const,
  list: (userId: string, view: CaseListView = {}) =>
    [
      'cases',
      'list',
      userId,
      view.status ?? 'all',
      view.search ?? '',
      view.from ?? '',
      view.to ?? '',
      view.sort ?? '',
    ] as const,
  one: (caseId: string) => ['cases', 'one', caseId] as const,
  /** The notes thread of one case (Case Details). */
  notes: (caseId: string) => ['cases', 'notes', caseId] as const,
  /** Prefix of the case form's surgeon lists (dropped by every surgeon change). */
  surgeonLists: ['cases', 'surgeons'] as const,
  surgeons: (userId: string) => ['cases', 'surgeons', userId] as const,
  /** Prefix of the case form's facility lists (dropped by every facility change). */
  facilityLists: ['cases', 'facilities'] as const,
  facilities: (userId: string) => ['cases', 'facilities', userId] as const,
  /** Prefix of the CPT suggestion searches (read again after a CPT import). */
  cptSearches: ['cases', 'cpt'] as const,
  cpt: (search: string, limit: number) => ['cases', 'cpt', search, limit] as const,
  /** One code's exact lookup, by normalized code. */
  cptExact: (code: string) => ['cases', 'cpt-exact', code] as const,
  /** The payer names of the insurance suggestions (dropped by List Management's payer changes). */
  insurance: ['cases', 'insurance'] as const,
  /** Prefix of every count query (GET /case/stats), invalidated after a status or pay change. */
  stats: ['cases', 'stats'] as const,
};

/** The counts of GET /case/stats, under `caseKeys.stats`. */
export const statsKeys = {
  all: caseKeys.stats,
  /** Every user's counts over a range (back office; the home's Total Cases is `range('all')`). */
  range: (range: CaseStatsRange) => [...caseKeys.stats, range] as const,
  /** One owner's counts over a range (the provider pipeline). */
  owner: (userId: string, range: CaseStatsRange) => [...caseKeys.stats, 'owner', userId, range] as const,
  /** The analytics charts (GET /case/analytics): under the stats, so case mutations refresh them. */
  analytics: [...caseKeys.stats, 'analytics'] as const,
  health: ['health'] as const,
};

/** The back office's Case Management and Deleted cases. */
export const managementKeys = {
  list: (f: CaseFilters) =>
    [...caseKeys.lists, 'back-office', f.search, f.status ?? 'all', f.userId ?? 'all', f.minDays ?? 0] as const,
  stats: (userId: string | undefined) => [...caseKeys.stats, 'all', userId ?? 'everyone'] as const,
  users: (search: string) => ['back-office', 'users', 'search', search] as const,
  deleted: ['back-office', 'cases', 'deleted'] as const,
};

// In its own module: the entry chunk (AuthProvider) reads it, and whatever module the entry reads
// ships whole with /auth (decision 0015-spa-patterns, the /auth budget).
export { profileKeys } from './profileKeys';

export const surgeonKeys = {
  all: ['surgeons'] as const,
  lists: ['surgeons', 'list'] as const,
  /** The management screen's pages. */
  list: (userId: string) => ['surgeons', 'list', userId, 'pages'] as const,
  /** Every surgeon (all pages, bounded), for the edit screen. */
  every: (userId: string) => ['surgeons', 'list', userId, 'every'] as const,
  search: (q: SurgeonSearchQuery) =>
    ['surgeons', 'search', q.first_name.toLowerCase(), q.last_name.toLowerCase()] as const,
};

export const facilityKeys = {
  all: ['facilities'] as const,
  lists: ['facilities', 'list'] as const,
  list: (userId: string) => ['facilities', 'list', userId, 'pages'] as const,
  search: (q: { name: string; city?: string; state?: string; zip?: string }) =>
    ['facilities', 'search', q.name.toLowerCase(), (q.city ?? '').toLowerCase(), q.state ?? '', q.zip ?? ''] as const,
};

export const documentKeys = {
  docTypes: ['documents', 'doc-types'] as const,
};

/** Back-office user management. */
export const userKeys = {
  all: ['users'] as const,
  lists: ['users', 'list'] as const,
  list: (search: string) => ['users', 'list', search] as const,
  one: (userId: string) => ['users', 'one', userId] as const,
  invitations: ['users', 'invitations'] as const,
};

export const auditKeys = {
  all: ['audit'] as const,
  list: (f: AuditFilters) => ['audit', f.userId, f.caseId, f.action, f.from, f.to] as const,
  /** The case filter's suggestions for a search text. */
  cases: (term: string) => ['audit', 'cases', term] as const,
};

/** Back-office List Management (CPT codes, payers, doctor types, imports). */
export const listKeys = {
  all: ['lists'] as const,
  /** Prefix of the CPT list pages. */
  cptPages: ['lists', 'cpt'] as const,
  cpt: (page: number, search: string) => ['lists', 'cpt', search, page] as const,
  insurance: ['lists', 'insurance'] as const,
  insurancePage: (search: string, cursor?: string) => ['lists', 'insurance', search, cursor ?? ''] as const,
  doctorTypes: ['lists', 'doctor-types'] as const,
  doctorTypePage: (search: string, cursor?: string) => ['lists', 'doctor-types', search, cursor ?? ''] as const,
  job: (jobId: string) => ['lists', 'job', jobId] as const,
};

export const reportKeys = {
  all: ['reports'] as const,
  permission: ['reports', 'permission'] as const,
  history: ['reports', 'history'] as const,
  providers: (search: string) => ['reports', 'providers', search] as const,
};

/** The Support inbox (docs/decisions/0027-email-and-support-messages.md): its pages by state. */
export const supportKeys = {
  all: ['support'] as const,
  /** Prefix of the inbox pages (read again after a message is marked handled). */
  lists: ['support', 'messages'] as const,
  list: (state: SupportState) => ['support', 'messages', state] as const,
  /** The local runtime's email viewer (a debug page). */
  emails: ['support', 'emails'] as const,
};

/** The dispute desk: a case's dispute, the Deadlines queue and the Awards list. */
export const disputeKeys = {
  all: ['disputes'] as const,
  one: (caseId: string) => ['disputes', 'one', caseId] as const,
  /** Prefix of the queue and awards pages (read again after an event is recorded or deleted). */
  lists: ['disputes', 'list'] as const,
  queue: (f: QueueFilters) => ['disputes', 'list', 'queue', f.state, f.withinDays.trim(), f.step, f.userId] as const,
  awards: (state: AwardState) => ['disputes', 'list', 'awards', state] as const,
};
