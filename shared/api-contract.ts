/**
 * What each route of the route table (./api-routes.ts) takes and answers, keyed by route key: its
 * query parameters, JSON body and answers (zod schemas of ./schemas), the refusals that apply and
 * who may call it. `npm run openapi` writes shared/openapi.json from it (bin/lib/openapi.ts), and
 * the integration suite checks every answer against it (test/support/answer-schemas.ts).
 * Kept apart from the route table so that the Lambdas' bundles do not carry these schemas.
 */
import * as z from 'zod';
import { CaseAnalyticsSchema } from './schemas/lists';
import type { ROUTES } from './api-routes';
import { USER_TYPE } from './roles';
import {
  CaseCreatedSchema,
  CptAnswerSchema,
  CaseGetAnswerSchema,
  CaseHealthSchema,
  CasePageAnswerSchema,
  CaseSavedSchema,
  CaseStatsAnswerSchema,
  DeletedCasePageAnswerSchema,
  DocTypesAnswerSchema,
  DoctorTypePageAnswerSchema,
  DocumentChangeAnswerSchema,
  DocumentLinkAnswerSchema,
  FacilityPageAnswerSchema,
  FacilitySavedSchema,
  FacilitySearchAnswerSchema,
  HealthAnswerSchema,
  ImportJobAnswerSchema,
  ImportTicketAnswerSchema,
  InsurancePageAnswerSchema,
  InsuranceSavedAnswerSchema,
  InvitationsAnswerSchema,
  InviteAnswerSchema,
  MessageAnswerSchema,
  NpiCheckAnswerSchema,
  ProfileAnswerSchema,
  ProfileSavedSchema,
  ReportHistoryAnswerSchema,
  ReportPermissionAnswerSchema,
  SurgeonPageAnswerSchema,
  SurgeonSavedSchema,
  SurgeonSearchAnswerSchema,
  UploadTicketAnswerSchema,
  UserListAnswerSchema,
  AuditAnswerSchema,
  OpenApiAnswerSchema,
} from './schemas/answers';
import {
  AuditQuerySchema,
  CaseFilterQuerySchema,
  CaseIdQuerySchema,
  CaseNotesQuerySchema,
  CaseQuerySchema,
  CaseStatsQuerySchema,
  CptCodesQuerySchema,
  DocumentKeyQuerySchema,
  DocumentLinkQuerySchema,
  FacilityIdQuerySchema,
  FacilitySearchQuerySchema,
  ImportJobQuerySchema,
  InsuranceIdQuerySchema,
  NpiQuerySchema,
  OwnedListQuerySchema,
  PageQuerySchema,
  SearchPageQuerySchema,
  SurgeonIdQuerySchema,
  SurgeonSearchQuerySchema,
  UserIdQuerySchema,
} from './schemas/api-queries';
import { CasePatchBodySchema, CaseStatusBodySchema, CreateCaseBodySchema } from './schemas/case';
import { RestoreCaseBodySchema } from './schemas/deleted-cases';
import { CaseBulkAnswerSchema, CaseBulkBodySchema } from './schemas/case-bulk';
import { CaseNoteBodySchema, CaseNoteSavedSchema, CaseNotesPageSchema } from './schemas/notes';
import { ConfirmDocumentBodySchema, UploadRequestSchema } from './schemas/document';
import {
  BugReportBodySchema,
  ContactBodySchema,
  SupportMessagePatchSchema,
  SupportMessageSavedSchema,
  SupportMessagesPageSchema,
  SupportMessagesQuerySchema,
  SupportReferenceSchema,
} from './schemas/support';
import { ProfileFormSchema, ProfileSetupFormSchema } from './schemas/profile';
import {
  ImportRequestSchema,
  ImportStartSchema,
  InsuranceCreateSchema,
  InsuranceRenameSchema,
} from './schemas/reference-lists';
import { ProviderPaymentBodySchema, ReportDownloadAnswerSchema, ReportDownloadQuerySchema } from './schemas/report';
import { ExportQuerySchema, ExportRequestSchema, ExportStartedSchema, ExportStatusSchema } from './schemas/export';
import {
  FacilityBodySchema,
  FacilityUpdateBodySchema,
  SurgeonBodySchema,
  SurgeonUpdateBodySchema,
} from './schemas/surgeon';
import { InviteUserSchema, UserTypeChangeSchema } from './schemas/users';
import {
  CalculateAnswerSchema,
  CalculateBodySchema,
  DisputeAnswerSchema,
  DisputeAwardsAnswerSchema,
  DisputeAwardsQuerySchema,
  DisputeEventBodySchema,
  DisputeEventDeleteQuerySchema,
  DisputeQuerySchema,
  DisputeQueueAnswerSchema,
  DisputeQueueQuerySchema,
} from './schemas/dispute-api';

import { ReminderRunAnswerSchema, ReminderSettingsSchema } from './schemas/reminders';

type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** `METHOD /path` of every route of the table. */
export type ContractRouteKey = KeyOf<(typeof ROUTES)[number]>;

/**
 * Who may call a route: `null` for a route without sign-in; else the lowest user_type that may
 * (0: every signed-in user) and, when the rule depends on the data (owners, targets), the rule.
 */
export type RouteAccess = null | { min: number; rule?: string };

/** A binary answer (no JSON body). */
export interface BinaryAnswer {
  contentType: string;
  description: string;
}

/** The contract of one route. */
export interface RouteContract {
  summary: string;
  access: RouteAccess;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Answers by status: a zod schema of the JSON body, or a binary answer. */
  answers: Partial<Record<number, z.ZodType | BinaryAnswer>>;
  /** Refusals besides those of every route (see {@link commonErrors}). */
  errors: readonly number[];
  /** A cursor-paged list (`limit`, `cursor` in, `next_cursor` out). */
  paged?: boolean;
}

/**
 * The refusals every route may answer: 400 (a query parameter with control characters), 429
 * (rate limit, DynamoDB throttling), 500; with sign-in 401; with a body 413 (over 10 MB) and 415
 * (not `application/json`).
 */
export function commonErrors(contract: Pick<RouteContract, 'access' | 'body'>): number[] {
  return [400, ...(contract.access ? [401] : []), ...(contract.body ? [413, 415] : []), 429, 500];
}

/** Every status a route may answer, ascending. */
export function routeStatuses(contract: RouteContract): number[] {
  const all = new Set([...Object.keys(contract.answers).map(Number), ...contract.errors, ...commonErrors(contract)]);
  return [...all].sort((a, b) => a - b);
}

const signedIn: RouteAccess = { min: USER_TYPE.PROVIDER };
const backOffice = { min: USER_TYPE.CASE_ADMIN };
const userAdmin = { min: USER_TYPE.USER_ADMIN };
const reportAdmin = { min: USER_TYPE.REPORT_ADMIN };
const globalAdmin = { min: USER_TYPE.GLOBAL_ADMIN };
const ownOrBackOffice = (what: string): RouteAccess => ({
  min: USER_TYPE.PROVIDER,
  rule: `${what}: the owner, or back office (user_type 10 or more) for anyone's.`,
});

const PDF: BinaryAnswer = {
  contentType: 'application/pdf',
  description: 'The report (attachment; `X-Report-Cases` header: the number of cases).',
};

/** The contract of every route, keyed by route key (complete: checked by the type). */
export const ROUTE_CONTRACTS: Record<ContractRouteKey, RouteContract> = {
  'GET /case/health': {
    summary: 'Liveness of the case function',
    access: null,
    answers: { 200: CaseHealthSchema },
    errors: [],
  },
  'GET /health': {
    summary: 'System status: the API and one database read',
    access: null,
    answers: { 200: HealthAnswerSchema, 503: HealthAnswerSchema },
    errors: [],
  },
  'GET /case/filter': {
    summary: "One page of a user's cases of one status, newest first",
    access: ownOrBackOffice('Cases'),
    query: CaseFilterQuerySchema,
    answers: { 200: CasePageAnswerSchema },
    errors: [403],
    paged: true,
  },
  'GET /case/stats': {
    summary: 'Case counts and revenue over a range',
    access: ownOrBackOffice('Counts'),
    query: CaseStatsQuerySchema,
    answers: { 200: CaseStatsAnswerSchema },
    errors: [403],
  },
  'GET /case/analytics': {
    summary: 'Pay amounts by month, payer mix and days in status, for the analytics charts',
    access: backOffice,
    answers: { 200: CaseAnalyticsSchema },
    errors: [403],
  },
  'GET /case/deleted': {
    summary: 'One page of soft-deleted cases, most recently deleted first',
    access: globalAdmin,
    query: PageQuerySchema,
    answers: { 200: DeletedCasePageAnswerSchema },
    errors: [403],
    paged: true,
  },
  'POST /case/restore': {
    summary: 'Restore a soft-deleted case (within 30 days)',
    access: globalAdmin,
    body: RestoreCaseBodySchema,
    answers: { 200: CaseSavedSchema },
    errors: [403, 404, 409],
  },
  'GET /case/notes': {
    summary: "One page of a case's notes between the practice and the back office, newest first",
    access: ownOrBackOffice('The notes of a case'),
    query: CaseNotesQuerySchema,
    answers: { 200: CaseNotesPageSchema },
    errors: [404],
    paged: true,
  },
  'POST /case/notes': {
    summary: 'Write a note on a case (1 to 2,000 characters after trimming)',
    access: ownOrBackOffice('A note on a case'),
    body: CaseNoteBodySchema,
    answers: { 201: CaseNoteSavedSchema },
    errors: [404],
  },
  'POST /case/bulk': {
    summary:
      'Move the status, or set the pay amount, of up to 100 cases; each item applied alone with the rules of PUT and PATCH /case, its outcome in `results` (status: what the single call would answer: 200, 400, 404, 409...)',
    access: backOffice,
    body: CaseBulkBodySchema,
    answers: { 200: CaseBulkAnswerSchema },
    errors: [403],
  },
  'GET /case': {
    summary: 'One case (`case_id`), or one page of cases, newest first',
    access: ownOrBackOffice('Cases'),
    query: CaseQuerySchema,
    answers: { 200: CaseGetAnswerSchema },
    errors: [403, 404],
    paged: true,
  },
  'POST /case': {
    summary: 'Create a case (documents are attached afterwards through POST /document)',
    access: { min: USER_TYPE.PROVIDER, rule: '`case_status` in the body needs back office (user_type 10 or more).' },
    body: CreateCaseBodySchema,
    answers: { 201: CaseCreatedSchema },
    errors: [403, 409],
  },
  'PATCH /case': {
    summary: 'Change the sent fields of a case',
    access: ownOrBackOffice('The case'),
    body: CasePatchBodySchema,
    answers: { 200: CaseSavedSchema },
    errors: [403, 404, 409],
  },
  'PUT /case': {
    summary: "Change a case's status",
    access: backOffice,
    body: CaseStatusBodySchema,
    answers: { 200: CaseSavedSchema },
    errors: [403, 404, 409],
  },
  'DELETE /case': {
    summary: 'Soft-delete a case (restorable for 30 days)',
    access: ownOrBackOffice('The case'),
    query: CaseIdQuerySchema,
    answers: { 200: MessageAnswerSchema },
    errors: [404, 409],
  },

  'GET /user/list': {
    summary: 'One page of user profiles by name, optionally searched',
    access: userAdmin,
    query: SearchPageQuerySchema,
    answers: { 200: UserListAnswerSchema },
    errors: [403],
    paged: true,
  },
  'POST /user/invite': {
    summary: 'Invite a user by email (201), or send a pending invitation again (200)',
    access: userAdmin,
    body: InviteUserSchema,
    answers: { 200: InviteAnswerSchema, 201: InviteAnswerSchema },
    errors: [403, 409],
  },
  'GET /user/invitations': {
    summary: 'One page of the invitations not accepted yet',
    access: userAdmin,
    query: PageQuerySchema,
    answers: { 200: InvitationsAnswerSchema },
    errors: [403],
    paged: true,
  },
  'GET /user': {
    summary: "A user's profile (default the caller's)",
    access: {
      min: USER_TYPE.PROVIDER,
      rule: "The caller's own; another user's needs back office (user_type 10 or more).",
    },
    query: UserIdQuerySchema,
    answers: { 200: ProfileAnswerSchema },
    errors: [404],
  },
  'GET /audit': {
    summary: 'One page of the audit trail, newest first',
    access: globalAdmin,
    query: AuditQuerySchema,
    answers: { 200: AuditAnswerSchema },
    errors: [403],
    paged: true,
  },
  'POST /user': {
    summary: "Create the caller's profile",
    access: signedIn,
    body: ProfileSetupFormSchema,
    answers: { 201: ProfileSavedSchema },
    errors: [409],
  },
  'PATCH /user': {
    summary: "Change the caller's profile, or another user's user_type",
    access: {
      min: USER_TYPE.PROVIDER,
      rule: "The caller's own profile; another user's user_type: user_type 20 or more, below the caller's own.",
    },
    body: z.union([ProfileFormSchema.partial().extend(ReminderSettingsSchema.shape), UserTypeChangeSchema]),
    answers: { 200: ProfileSavedSchema },
    errors: [403, 404, 409],
  },
  'DELETE /user': {
    summary: "Delete a profile (default the caller's) and disable its account",
    access: {
      min: USER_TYPE.PROVIDER,
      rule: "The caller's own; another user's: user_type 20 or more, above the target's.",
    },
    query: UserIdQuerySchema,
    answers: { 200: MessageAnswerSchema },
    errors: [403, 404],
  },

  'GET /surgeon/search': {
    summary: 'Search surgeons (NPI-1) in the NPPES registry',
    access: signedIn,
    query: SurgeonSearchQuerySchema,
    answers: { 200: SurgeonSearchAnswerSchema },
    errors: [502],
  },
  'GET /surgeon': {
    summary: "One page of a user's surgeons, by name",
    access: ownOrBackOffice('Surgeons'),
    query: OwnedListQuerySchema,
    answers: { 200: SurgeonPageAnswerSchema },
    errors: [403],
    paged: true,
  },
  'POST /surgeon': {
    summary: "Add a surgeon to the caller's list",
    access: signedIn,
    body: SurgeonBodySchema,
    answers: { 201: SurgeonSavedSchema },
    errors: [409],
  },
  'PATCH /surgeon': {
    summary: 'Change the sent fields of a surgeon',
    access: { min: USER_TYPE.PROVIDER, rule: "The caller's own surgeons." },
    body: SurgeonUpdateBodySchema,
    answers: { 200: SurgeonSavedSchema },
    errors: [404, 409],
  },
  'DELETE /surgeon': {
    summary: 'Soft-delete a surgeon',
    access: { min: USER_TYPE.PROVIDER, rule: "The caller's own surgeons." },
    query: SurgeonIdQuerySchema,
    answers: { 200: MessageAnswerSchema },
    errors: [404],
  },

  'GET /facility/search': {
    summary: 'Search facilities (NPI-2) in the NPPES registry',
    access: signedIn,
    query: FacilitySearchQuerySchema,
    answers: { 200: FacilitySearchAnswerSchema },
    errors: [502],
  },
  'GET /facility': {
    summary: "One page of a user's facilities, by name",
    access: ownOrBackOffice('Facilities'),
    query: OwnedListQuerySchema,
    answers: { 200: FacilityPageAnswerSchema },
    errors: [403],
    paged: true,
  },
  'POST /facility': {
    summary: "Add a facility to the caller's list",
    access: signedIn,
    body: FacilityBodySchema,
    answers: { 201: FacilitySavedSchema },
    errors: [409],
  },
  'PATCH /facility': {
    summary: 'Change the sent fields of a facility',
    access: { min: USER_TYPE.PROVIDER, rule: "The caller's own facilities." },
    body: FacilityUpdateBodySchema,
    answers: { 200: FacilitySavedSchema },
    errors: [404, 409],
  },
  'DELETE /facility': {
    summary: 'Soft-delete a facility',
    access: { min: USER_TYPE.PROVIDER, rule: "The caller's own facilities." },
    query: FacilityIdQuerySchema,
    answers: { 200: MessageAnswerSchema },
    errors: [404],
  },

  'GET /cpt_codes': {
    summary: 'CPT code suggestions (`search` alone) or a numbered page of codes',
    access: signedIn,
    query: CptCodesQuerySchema,
    answers: { 200: CptAnswerSchema },
    errors: [],
  },

  'GET /check_npi': {
    summary: 'Check an NPI in the NPPES registry',
    access: signedIn,
    query: NpiQuerySchema,
    answers: { 200: NpiCheckAnswerSchema },
    errors: [404, 502],
  },

  'POST /document': {
    summary: 'Ask for a presigned upload of a case or profile document',
    access: ownOrBackOffice('Case documents'),
    body: UploadRequestSchema,
    answers: { 200: UploadTicketAnswerSchema },
    errors: [404],
  },
  'POST /document/confirm': {
    summary: 'Check an uploaded document and attach it',
    access: ownOrBackOffice('Case documents'),
    body: ConfirmDocumentBodySchema,
    answers: { 200: DocumentChangeAnswerSchema },
    errors: [404, 409],
  },
  'GET /document': {
    summary: 'A presigned link to read a document',
    access: {
      min: USER_TYPE.PROVIDER,
      rule: 'Case documents: the owner or back office (user_type 10 or more); profile documents: the owner or user_type 20 or more.',
    },
    query: DocumentLinkQuerySchema,
    answers: { 200: DocumentLinkAnswerSchema },
    errors: [404],
  },
  'DELETE /document': {
    summary: 'Detach a document (soft delete: the object is kept)',
    access: ownOrBackOffice('Case documents'),
    query: DocumentKeyQuerySchema,
    answers: { 200: DocumentChangeAnswerSchema },
    errors: [404, 409],
  },
  'GET /doc_types': {
    summary: 'The profile document types',
    access: signedIn,
    answers: { 200: DocTypesAnswerSchema },
    errors: [],
  },

  'GET /lists/insurance': {
    summary: 'One page of insurance types by name, optionally searched',
    access: signedIn,
    query: SearchPageQuerySchema,
    answers: { 200: InsurancePageAnswerSchema },
    errors: [],
    paged: true,
  },
  'POST /lists/insurance': {
    summary: 'Add an insurance type',
    access: globalAdmin,
    body: InsuranceCreateSchema,
    answers: { 201: InsuranceSavedAnswerSchema },
    errors: [403, 409],
  },
  'PATCH /lists/insurance': {
    summary: 'Rename an insurance type',
    access: globalAdmin,
    body: InsuranceRenameSchema,
    answers: { 200: InsuranceSavedAnswerSchema },
    errors: [403, 404, 409],
  },
  'DELETE /lists/insurance': {
    summary: 'Remove an insurance type',
    access: globalAdmin,
    query: InsuranceIdQuerySchema,
    answers: { 200: MessageAnswerSchema },
    errors: [403, 404],
  },
  'GET /lists/doctor_types': {
    summary: 'One page of NUCC taxonomy codes, optionally searched',
    access: globalAdmin,
    query: SearchPageQuerySchema,
    answers: { 200: DoctorTypePageAnswerSchema },
    errors: [403],
    paged: true,
  },
  'POST /lists/import': {
    summary: 'Ask for a presigned upload of a CPT or NUCC list file',
    access: globalAdmin,
    body: ImportRequestSchema,
    answers: { 201: ImportTicketAnswerSchema },
    errors: [403],
  },
  'POST /lists/import/start': {
    summary: 'Start the import of an uploaded list file',
    access: globalAdmin,
    body: ImportStartSchema,
    answers: { 202: ImportJobAnswerSchema },
    errors: [403, 404, 409],
  },
  'GET /lists/import': {
    summary: 'The progress of an import',
    access: globalAdmin,
    query: ImportJobQuerySchema,
    answers: { 200: ImportJobAnswerSchema },
    errors: [403, 404],
  },
  'GET /report/permission': {
    summary: 'Whether the caller may build reports',
    access: signedIn,
    answers: { 200: ReportPermissionAnswerSchema },
    errors: [],
  },
  'POST /report/provider-payment': {
    summary: 'The provider payment report (PDF) of the cases in status Paid',
    access: reportAdmin,
    body: ProviderPaymentBodySchema,
    answers: { 200: PDF },
    errors: [403, 404, 413],
  },
  'GET /openapi.json': {
    summary: 'This API description (OpenAPI 3.1)',
    access: signedIn,
    answers: { 200: OpenApiAnswerSchema },
    errors: [],
  },
  'POST /dispute/calculate': {
    summary: 'Every deadline of the events given, as of `as_of` (default today, America/New_York); stores nothing',
    access: signedIn,
    body: CalculateBodySchema,
    answers: { 200: CalculateAnswerSchema },
    errors: [],
  },
  'GET /dispute': {
    summary: "A case's dispute: events, amounts, deadlines as of today and the next one",
    access: ownOrBackOffice('The dispute of a case'),
    query: DisputeQuerySchema,
    answers: { 200: DisputeAnswerSchema },
    errors: [404],
  },
  'POST /dispute/event': {
    summary: "Record a dispute event (and the case's per-case fields); moves the case forward, never back",
    access: backOffice,
    body: DisputeEventBodySchema,
    answers: { 200: DisputeAnswerSchema },
    errors: [403, 404, 409],
  },
  'DELETE /dispute/event': {
    summary: 'Delete a dispute event with a reason (kept, never edited in place)',
    access: backOffice,
    query: DisputeEventDeleteQuerySchema,
    answers: { 200: DisputeAnswerSchema },
    errors: [403, 404, 409],
  },
  'GET /dispute/queue': {
    summary: "One page of every case's next open deadline, soonest first",
    access: backOffice,
    query: DisputeQueueQuerySchema,
    answers: { 200: DisputeQueueAnswerSchema },
    errors: [403],
    paged: true,
  },
  'GET /dispute/awards': {
    summary: 'One page of IDR awards (unpaid, overdue or paid), with the totals of every award',
    access: backOffice,
    query: DisputeAwardsQuerySchema,
    answers: { 200: DisputeAwardsAnswerSchema },
    errors: [403],
    paged: true,
  },
  'GET /report/history': {
    summary: "The caller's 10 most recent reports",
    access: reportAdmin,
    answers: { 200: ReportHistoryAnswerSchema },
    errors: [403],
  },
  'GET /report/download': {
    summary: "A presigned link to download one of the caller's kept reports again",
    access: reportAdmin,
    query: ReportDownloadQuerySchema,
    answers: { 200: ReportDownloadAnswerSchema },
    errors: [403, 404],
  },
  'POST /contact': {
    summary:
      'Send a message to support from the contact form (no sign-in; 5 an hour per address, then 429); answers its reference',
    access: null,
    body: ContactBodySchema,
    answers: { 201: SupportReferenceSchema },
    errors: [],
  },
  'POST /support/bug': {
    summary: 'Report a bug to support from the page `page`; answers its reference',
    access: signedIn,
    body: BugReportBodySchema,
    answers: { 201: SupportReferenceSchema },
    errors: [],
  },
  'GET /support/messages': {
    summary: 'One page of the Support inbox (open or handled messages), newest first',
    access: globalAdmin,
    query: SupportMessagesQuerySchema,
    answers: { 200: SupportMessagesPageSchema },
    errors: [403],
    paged: true,
  },
  'PATCH /support/messages': {
    summary: 'Mark a message of the Support inbox handled',
    access: globalAdmin,
    body: SupportMessagePatchSchema,
    answers: { 200: SupportMessageSavedSchema },
    errors: [403, 404],
  },
  'POST /reminders/run': {
    summary:
      'Send the reminder emails now (the daily job at 07:00 America/New_York runs the same code); once per user and day',
    access: globalAdmin,
    answers: { 200: ReminderRunAnswerSchema },
    errors: [403],
  },
  'POST /export': {
    summary:
      "Start the export of a list (cases, deadlines, awards, users, audit) as CSV with the list call's filters; answers its id",
    access: {
      min: USER_TYPE.PROVIDER,
      rule: "What the list's own call needs: GET /case, /dispute/queue, /dispute/awards, /user/list or /audit.",
    },
    body: ExportRequestSchema,
    answers: { 202: ExportStartedSchema },
    errors: [403],
  },
  'GET /export': {
    summary: "The state of one of the caller's exports: rows written so far, and a link to the file once done",
    access: signedIn,
    query: ExportQuerySchema,
    answers: { 200: ExportStatusSchema },
    errors: [404],
  },
};
