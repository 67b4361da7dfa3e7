/**
 * Cases in the cases table (`lambdas/lib/tables.ts` CASES_TABLE: PK `case_id`; GSIs `byUser`,
 * `byUserStatus`, `byStatusMonth`, `byMonth` and the three search indexes, whose keys
 * {@link indexAttributes} computes on every write).
 *
 * Stored item: {@link CaseItem}. Money is `pay_amount_cents` (integer cents); the API shape
 * ({@link toApiCase}) returns `pay_amount` in dollars. `user_status` is always
 * `userStatusKey(user_id, case_status)`; `version` starts at 1 and grows by 1 with every update
 * (optimistic locking). `created_at` / `updated_at` are ISO 8601 times (sort keys: newest first).
 *
 * Exported plain functions (used by the /case Lambda, the local runtime's seeding
 * `local/seed.ts`, and tests; table names from the Lambda environment, `getEnv()`):
 * - {@link createCase}(input, { now, retryOnCollision, actor }) -> CaseItem. case_id is `input.case_id`
 *   or `buildCaseId(user_id, ms)` with ms from `input.created_at` (else `now`). Conditional put; a
 *   taken id is retried with the next millisecond (never overwritten), or throws `ConflictError`
 *   with `retryOnCollision: false`. Accepts case_status, pay_amount_cents and created_at for seeding.
 *   Status: `input.case_status` when given (history `why: 'manual'`), else the workflow rule
 *   `autoStatus(0, content)` (shared/workflow.ts; `why: 'auto'`). The history starts with one entry
 *   `{ from: null, to, by: actor, at, why }`.
 * - {@link newCaseWrite}(input, context) -> { item, counters }: the item and counter updates a create
 *   writes, computed without I/O (createCase's, and the back-office bench's bulk load's).
 * - {@link getCase}(caseId) -> CaseItem | undefined (GetItem).
 * - Lists and search: lambdas/data/case/lists.ts (paged). Counters: lambdas/data/counters/stats.ts, written in
 *   the same TransactWriteItems as the case by create, update (status or pay amount changes) and
 *   delete (decision record 0010). Every write also keeps the index keys of {@link indexAttributes} and the
 *   CPT descriptors (`cpt_descriptors`, read once on write).
 * - {@link updateCase}(caseId, patch, { now, expectedVersion, ownerId, actor }) -> CaseItem: only the
 *   given fields change; `pay_amount_cents: null` removes the amount. The workflow rule lives here
 *   (spec provider-side section 4): the case is read, the content after the patch computed, and the status
 *   becomes `patch.case_status` when given (a manual set: back office only, checked by the caller;
 *   the rule is not applied on top of it in the same write) or `autoStatus(status, after)`. A change
 *   appends a {@link StatusHistoryEntry} to `status_history` (with `patch.status_reason` as `reason`
 *   on a manual change) and moves `user_status` with it. A manual status LOWER than the stored one
 *   without a non-blank `status_reason` throws `ValidationError` (400, field `reason`) before anything is written. The
 *   write is conditional on the version read (optimistic locking). A missing case (or one not owned
 *   by `ownerId` when given) throws `NotFoundError('Case not found')`; `expectedVersion` different
 *   from the stored one, or a write lost to a concurrent one when `expectedVersion` was given,
 *   throws `ConflictError(API_MESSAGES.caseConflict)` and writes nothing. Without `expectedVersion`
 *   a lost race is re-read and retried once, then `ConflictError`.
 *
 * Status history: `status_history` holds at most {@link MAX_STATUS_HISTORY} entries, oldest first
 * (the oldest are dropped beyond that). `by` is the acting user id (`actor`), or `'system'` when a
 * write names none (seeding, tooling).
 * - {@link deleteCase}(caseId, { now, actor }) -> the CaseItem before the delete: a SOFT delete (decision record
 *   0006; `NotFoundError` when missing or already deleted). {@link restoreCase} gives it back
 *   within {@link RESTORE_WINDOW_DAYS} days; {@link listDeletedCases} pages the deleted ones.
 *   {@link getCase} answers undefined for a deleted case (every caller's 404) unless `includeDeleted`.
 * - {@link cptDescriptions}(codes) -> Map code -> description (BatchGetItem on CPT_CODES_TABLE).
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  API_MESSAGES,
  CASE_MESSAGES,
  CASE_NUMBER_PATTERN,
  formatCaseNumber,
  INITIAL_CASE_STATUS,
  RESTORE_WINDOW_DAYS,
  autoStatus,
  centsToDollars,
  type Case,
  type CaseTextFields,
  type StatusHistoryEntry,
} from '../../../shared';
import * as z from 'zod';
import { ddb } from '../../lib/aws';
import { batchGetAll } from '../../lib/dynamo';
import { getEnv } from '../../lib/env';
import { ConflictError, NotFoundError, ValidationError, isConditionalCheckFailed } from '../../lib/errors';
import { queryPage, type PageKey } from '../../lib/paging';
import {
  ALL_CASES_PARTITION,
  CASE_SEARCH_TEXTS,
  DELETED_CASES_PARTITION,
  buildCaseId,
  monthOf,
  statusMonthKey,
  statusPartition,
  userStatusKey,
  type CaseSearchText,
} from './keys';
import { nameOrders, searchKey } from '../keys';
import { TransactionConditionError, transactWrite } from '../../lib/transact';
import { VersionSchema, parseItem } from '../item';
import { counterUpdates, type CounterUpdate } from '../counters/stats';
import { disputeCountActions } from '../dispute/repository';
import { reserveCaseNumbers } from '../counters/case-numbers';
import { todayInNewYork } from '../dispute/calendar';
import { daysInStatus } from './aging';

/** A stored case. */
export interface CaseItem extends CaseTextFields {
  case_id: string;
  /**
   * `C-` and at least 6 digits, unique in the stage, given on create or by the numbering of older
   * cases (./numbering.ts; docs/decisions/0022-case-numbers.md); absent only until then.
   */
  case_number?: string;
  /** Upper-cased CPT/HCPCS codes. */
  procedure_codes: string[];
  case_status: number;
  /** `userStatusKey(user_id, case_status)` (byUserStatus index). */
  user_status: string;
  /** File references; '' means missing. */
  demo_file: string;
  note_file: string;
  misc_file: string;
  /** JSON-string map (demographic_sheet, op_note, misc_documents); '' when none. */
  file_keys: string;
  /** Integer cents; absent when not set. */
  pay_amount_cents?: number;
  created_at: string;
  updated_at: string;
  version: number;
  /** Every status change, oldest first (absent on the oldest cases). */
  status_history?: StatusHistoryEntry[];
  /**
   * ISO time of the last status change (the creation time until the first): written with every
   * change, given to older cases by the key refresh (./backfill.ts); read it with {@link statusChangedAt}.
   */
  status_changed_at?: string;
  /** Patient fields a claim needs (shared/schemas/case.ts); absent or '' when not given. PHI: never logged. */
  patient_dob?: string;
  member_id?: string;
  claim_number?: string;
  /** CPT/HCPCS code -> descriptor at the time the codes were written (decision record 0010; absent on older cases). */
  cpt_descriptors?: Record<string, string>;
  /** Index keys kept by {@link indexAttributes} (decision record 0010): byStatusMonth, byMonth and the search indexes. */
  status_month?: string;
  created_month?: string;
  search_id_p?: string;
  search_id?: string;
  search_last_p?: string;
  search_last?: string;
  search_ins_p?: string;
  search_ins?: string;
  search_num_p?: string;
  search_num?: string;
  search_name_p?: string;
  search_name?: string;
  search_member_p?: string;
  search_member?: string;
  /** Order keys (docs/decisions/0024-case-search-and-sort.md): case date, last status change, their partitions. */
  sort_date?: string;
  sort_changed?: string;
  list_p?: string;
  status_p?: string;
  /** Soft delete (decision record 0006): ISO time of the delete; present only on a deleted case. */
  deleted_at?: string;
  /** User id of who deleted it (or {@link SYSTEM_ACTOR}). */
  deleted_by?: string;
  /** `byDeleted` partition ({@link DELETED_CASES_PARTITION}); present only on a deleted case. */
  deleted_p?: string;
  /** `created_at` of a deleted case, kept here while `created_at` is removed (out of byUser and the month indexes). */
  deleted_created_at?: string;
  /**
   * Documents detached from the case by a delete (DELETE /document, or a PATCH that clears a file
   * field): a soft delete (decision record 0006), so the object stays in the versioned bucket and is
   * recorded here, oldest first, at most {@link MAX_DELETED_DOCUMENTS}. Never in the API shape; the
   * 30-day purge of the case removes these objects with the attached ones.
   */
  deleted_documents?: DeletedDocument[];
}

/**
 * The item schema of a case: every read of the cases table goes through it (lambdas/data/item.ts).
 * Text fields that older items may lack read as '' (as the API always answered them); index keys,
 * soft-delete marks and `deleted_documents` are storage-only and never reach the API shape.
 * A live case has `created_at`; a soft-deleted one keeps it in `deleted_created_at`.
 */
export const CaseItemSchema = z
  .looseObject({
    case_id: z.string().min(1),
    case_number: z.string().regex(CASE_NUMBER_PATTERN).optional(),
    user_id: z.string().min(1),
    case_date: z.string(),
    surgeon_id: z.string().default(''),
    facility_id: z.string().default(''),
    patient_first: z.string().default(''),
    patient_last: z.string().default(''),
    ins_provider: z.string().default(''),
    procedure_codes: z.array(z.string()).default([]),
    case_status: z.number().int(),
    user_status: z.string().optional(),
    demo_file: z.string().default(''),
    note_file: z.string().default(''),
    misc_file: z.string().default(''),
    file_keys: z.string().default(''),
    pay_amount_cents: z.number().int().nonnegative().optional(),
    created_at: z.string().optional(),
    updated_at: z.string().default(''),
    version: VersionSchema,
    status_history: z
      .array(z.looseObject({ from: z.number().nullable(), to: z.number(), by: z.string(), at: z.string() }))
      .optional(),
    cpt_descriptors: z.record(z.string(), z.string()).optional(),
    status_month: z.string().optional(),
    created_month: z.string().optional(),
    search_id_p: z.string().optional(),
    search_id: z.string().optional(),
    search_last_p: z.string().optional(),
    search_last: z.string().optional(),
    search_ins_p: z.string().optional(),
    search_ins: z.string().optional(),
    search_num_p: z.string().optional(),
    search_num: z.string().optional(),
    search_name_p: z.string().optional(),
    search_name: z.string().optional(),
    search_member_p: z.string().optional(),
    search_member: z.string().optional(),
    sort_date: z.string().optional(),
    sort_changed: z.string().optional(),
    list_p: z.string().optional(),
    status_p: z.string().optional(),
    status_changed_at: z.string().optional(),
    patient_dob: z.string().optional(),
    member_id: z.string().optional(),
    claim_number: z.string().optional(),
    deleted_at: z.string().optional(),
    deleted_by: z.string().optional(),
    deleted_p: z.string().optional(),
    deleted_created_at: z.string().optional(),
    deleted_documents: z
      .array(z.looseObject({ key: z.string(), deleted_at: z.string(), deleted_by: z.string() }))
      .optional(),
  })
  .refine((item) => item.created_at !== undefined || item.deleted_at !== undefined, {
    path: ['created_at'],
    message: 'a live case has created_at',
  }) as unknown as z.ZodType<CaseItem>;

/** Key attributes of a case item, the only ones a malformed-item log names. */
const CASE_KEY = ['case_id'] as const;

/** A stored case parsed with {@link CaseItemSchema} (`MalformedItemError`, a 500, when it does not match). */
export function parseCaseItem(item: unknown): CaseItem {
  return parseItem(CaseItemSchema, item, 'cases', CASE_KEY);
}

/** A document soft-deleted from a case (see `CaseItem.deleted_documents`). */
export interface DeletedDocument {
  /** The object key in the documents bucket. */
  key: string;
  /** ISO time of the delete. */
  deleted_at: string;
  /** User id of who deleted it (or {@link SYSTEM_ACTOR}). */
  deleted_by: string;
}

/** Entries kept in `deleted_documents` (the oldest are dropped beyond this; their objects stay in the bucket). */
export const MAX_DELETED_DOCUMENTS = 200;

/** Names of the index attributes {@link indexAttributes} computes. */
const INDEX_ATTRIBUTES = [
  'user_status',
  'status_month',
  'created_month',
  'search_id_p',
  'search_id',
  'search_last_p',
  'search_last',
  'search_ins_p',
  'search_ins',
  'search_num_p',
  'search_num',
  'search_name_p',
  'search_name',
  'search_member_p',
  'search_member',
  'sort_date',
  'sort_changed',
  'list_p',
  'status_p',
] as const;
type IndexAttributes = Partial<Record<(typeof INDEX_ATTRIBUTES)[number], string>>;

/**
 * The time of a case's last status change: `status_changed_at`, else (a case written before it) the
 * time of the last history entry, else its creation time ('' for a deleted case without one).
 */
export function statusChangedAt(item: {
  status_changed_at?: string;
  status_history?: readonly { at: string }[];
  created_at?: string;
  deleted_created_at?: string;
}): string {
  if (item.status_changed_at) return item.status_changed_at;
  const history = Array.isArray(item.status_history) ? item.status_history : [];
  return history[history.length - 1]?.at ?? item.created_at ?? item.deleted_created_at ?? '';
}

/**
 * The GSI key attributes of a case (lambdas/lib/tables.ts CASES_TABLE), from its owner, status,
 * creation time, case date, last status change and searched texts (./keys.ts CASE_SEARCH_TEXTS,
 * folded by `searchKey`). A search attribute is absent when its text is empty (GSI keys cannot be
 * empty strings).
 */
export function indexAttributes(item: {
  case_id: string;
  case_number?: string;
  user_id: string;
  case_status: number;
  created_at: string;
  case_date?: string;
  status_changed_at?: string;
  status_history?: readonly { at: string }[];
  patient_first?: string;
  patient_last?: string;
  member_id?: string;
  ins_provider?: string;
}): IndexAttributes {
  const out: IndexAttributes = {
    user_status: userStatusKey(item.user_id, item.case_status),
    status_month: statusMonthKey(item.case_status, item.created_at),
    created_month: monthOf(item.created_at),
    list_p: ALL_CASES_PARTITION,
    status_p: statusPartition(item.case_status),
    sort_changed: statusChangedAt(item),
  };
  if (item.case_date) out.sort_date = item.case_date;
  const names = nameOrders(item.patient_first, item.patient_last);
  const texts: Record<CaseSearchText, string | undefined> = {
    id: item.case_id,
    num: item.case_number,
    last: item.patient_last ? names.lastFirst : '',
    name: item.patient_first ? names.firstLast : '',
    member: item.member_id,
    ins: item.ins_provider,
  };
  for (const text of CASE_SEARCH_TEXTS) {
    const key = searchKey(texts[text]);
    if (key) Object.assign(out, { [`search_${text}_p`]: key.p, [`search_${text}`]: key.s });
  }
  return out;
}

/** Entries kept in `status_history` (the oldest are dropped beyond this). */
export const MAX_STATUS_HISTORY = 100;
/** `by` of a history entry when the write names no acting user (seeding, tooling). */
export const SYSTEM_ACTOR = 'system';

/** `history` with `entry` appended, the oldest dropped beyond {@link MAX_STATUS_HISTORY}. */
export function appendHistory(
  history: StatusHistoryEntry[] | undefined,
  entry: StatusHistoryEntry,
): StatusHistoryEntry[] {
  return [...(Array.isArray(history) ? history : []), entry].slice(-MAX_STATUS_HISTORY);
}

/** The fields a create must carry. */
type RequiredOnCreate = 'case_date' | 'surgeon_id' | 'facility_id' | 'patient_first' | 'patient_last' | 'ins_provider';
/** The fields of a case a create or a change writes as sent. */
type WrittenField =
  | RequiredOnCreate
  | 'procedure_codes'
  | 'demo_file'
  | 'note_file'
  | 'misc_file'
  | 'file_keys'
  | 'case_status'
  | PatientClaimField;
/** The optional patient fields a claim needs ('' = none). */
type PatientClaimField = 'patient_dob' | 'member_id' | 'claim_number';
/** {@link PatientClaimField}s, in the order the API answers them. */
export const PATIENT_CLAIM_FIELDS = [
  'patient_dob',
  'member_id',
  'claim_number',
] as const satisfies readonly PatientClaimField[];

/**
 * What a create takes: the fields of a {@link CaseItem}, the optional ones with defaults (`case_status`
 * 0 (Incomplete); `created_at` now, also the millisecond part of a generated `case_id`; files '').
 */
export type CreateCaseInput = Pick<CaseItem, 'user_id' | RequiredOnCreate> &
  Partial<Pick<CaseItem, WrittenField | 'case_id' | 'pay_amount_cents' | 'created_at'>>;

export type CasePatch = Partial<Pick<CaseItem, WrittenField>> & {
  pay_amount_cents?: number | null;
  /**
   * Why a manual `case_status` is set (spec back-office section 4): kept in the history entry; required
   * (non-blank) when `case_status` is lower than the stored status, else `ValidationError` (400,
   * field `reason`, `CASE_MESSAGES.reasonRequired`) and nothing written. Never stored on the case.
   */
  status_reason?: string;
  /**
   * Keys of documents this write detaches (decision record 0006): appended to `deleted_documents` with
   * the write's time and actor, in the same conditional write (nothing partial). Never stored as is.
   */
  deleted_document_keys?: string[];
};

const tables = () => ({ cases: getEnv().CASES_TABLE, cpt: getEnv().CPT_CODES_TABLE });

function checkCents(cents: number | undefined | null): void {
  if (cents !== undefined && cents !== null && (!Number.isInteger(cents) || cents < 0)) {
    throw new RangeError('pay_amount_cents must be a non-negative integer');
  }
}

/** What {@link newCaseWrite} needs besides the input: the write's id, number, time, actor and descriptors. */
export interface NewCaseContext {
  /** The case id (createCase: `input.case_id`, else from the owner and creation time, `buildCaseId`). */
  caseId: string;
  /** `C-` and at least 6 digits, reserved from the counter; absent for a case the numbering numbers later. */
  caseNumber?: string;
  /** The write's time (`updated_at`; `created_at` too unless the input gives one). */
  now: Date;
  /** User id of the caller whose write this is (status history); {@link SYSTEM_ACTOR} when absent. */
  actor?: string;
  /** CPT/HCPCS code -> descriptor of the input's codes, as {@link cptDescriptions} reads them. */
  descriptors: Record<string, string>;
}

/**
 * The item a create stores and the counter updates written with it (`counterUpdates(undefined,
 * item)`, lambdas/data/counters/stats.ts), computed without reading or writing anything: what
 * {@link createCase} writes in one transaction, and what a bulk load (the back-office bench)
 * writes in batches. Status and history as in the module doc. Throws RangeError for a pay amount
 * that is not a non-negative integer (cents).
 */
export function newCaseWrite(
  input: CreateCaseInput,
  context: NewCaseContext,
): { item: CaseItem; counters: CounterUpdate[] } {
  checkCents(input.pay_amount_cents);
  const { now, caseId, caseNumber } = context;
  const createdAt = input.created_at ?? now.toISOString();
  const content = {
    case_date: input.case_date,
    surgeon_id: input.surgeon_id,
    facility_id: input.facility_id,
    patient_first: input.patient_first,
    patient_last: input.patient_last,
    ins_provider: input.ins_provider,
    procedure_codes: input.procedure_codes ?? [],
    demo_file: input.demo_file ?? '',
    note_file: input.note_file ?? '',
    misc_file: input.misc_file ?? '',
    file_keys: input.file_keys ?? '',
    // Only the patient fields given are stored (older cases have none either).
    ...Object.fromEntries(PATIENT_CLAIM_FIELDS.filter((f) => input[f]).map((f) => [f, input[f]])),
  };
  const manual = input.case_status !== undefined;
  const status = manual ? (input.case_status as number) : autoStatus(INITIAL_CASE_STATUS, content);
  const item: CaseItem = {
    case_id: caseId,
    ...(caseNumber !== undefined ? { case_number: caseNumber } : {}),
    user_id: input.user_id,
    ...content,
    case_status: status,
    user_status: userStatusKey(input.user_id, status),
    ...(input.pay_amount_cents !== undefined ? { pay_amount_cents: input.pay_amount_cents } : {}),
    created_at: createdAt,
    updated_at: now.toISOString(),
    version: 1,
    // The creation time (a seeded or imported case keeps its own).
    status_history: [
      { from: null, to: status, by: context.actor ?? SYSTEM_ACTOR, at: createdAt, why: manual ? 'manual' : 'auto' },
    ],
    status_changed_at: createdAt,
    cpt_descriptors: context.descriptors,
  };
  Object.assign(item, indexAttributes(item));
  return { item, counters: counterUpdates(undefined, item) };
}

/** Create a case (see module doc). Throws `ConflictError` only with `retryOnCollision: false`. */
export async function createCase(
  input: CreateCaseInput,
  options: {
    now?: Date;
    retryOnCollision?: boolean;
    maxAttempts?: number;
    /** User id of the caller whose write this is (status history, shared/workflow.ts). */
    actor?: string;
    /**
     * false: write it without a case number, for the seed, whose cases the numbering then numbers
     * in creation order (./numbering.ts). Default: one number reserved from the counter.
     */
    numbered?: boolean;
  } = {},
): Promise<CaseItem> {
  checkCents(input.pay_amount_cents);
  const now = options.now ?? new Date();
  const createdAt = input.created_at ?? now.toISOString();
  let ms = Number.isNaN(Date.parse(createdAt)) ? now.getTime() : Date.parse(createdAt);
  const maxAttempts = options.retryOnCollision === false ? 1 : (options.maxAttempts ?? 20);
  let caseId = input.case_id ?? buildCaseId(input.user_id, ms);
  const descriptors = Object.fromEntries(await cptDescriptions(input.procedure_codes ?? []));

  // Reserved once: a retry with the next id keeps it (it was never stored); a create that fails
  // leaves a gap, never a number given twice (docs/decisions/0022-case-numbers.md).
  const caseNumber = options.numbered === false ? undefined : formatCaseNumber(await reserveCaseNumbers(1));

  for (let attempt = 1; ; attempt++) {
    const { item, counters } = newCaseWrite(input, {
      caseId,
      ...(caseNumber !== undefined ? { caseNumber } : {}),
      now,
      ...(options.actor !== undefined ? { actor: options.actor } : {}),
      descriptors,
    });
    try {
      // The case and its counters together (decision record 0010): both or neither.
      await transactWrite([
        { Put: { TableName: tables().cases, Item: item, ConditionExpression: 'attribute_not_exists(case_id)' } },
        ...counters,
      ]);
      return item;
    } catch (err) {
      if (!(err instanceof TransactionConditionError)) throw err;
      if (attempt >= maxAttempts) throw new ConflictError(CASE_EXISTS_MESSAGE);
      ms += 1;
      caseId = buildCaseId(input.user_id, ms);
    }
  }
}

/** Message of the `ConflictError` when a case id is taken (POST /case with an existing case_id: 409). */
export const CASE_EXISTS_MESSAGE = 'A case with this id already exists';

/**
 * One case by id (GetItem; `consistent` for a strongly consistent read before a write), or
 * undefined. A soft-deleted case (decision record 0006) is undefined like a missing one, so every
 * caller answers 404 for it, unless `includeDeleted` (restore, purge).
 */
export async function getCase(
  caseId: string,
  consistent = false,
  options: { includeDeleted?: boolean } = {},
): Promise<CaseItem | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tables().cases,
      Key: { case_id: caseId },
      ...(consistent ? { ConsistentRead: true } : {}),
    }),
  );
  const item = out.Item === undefined ? undefined : parseCaseItem(out.Item);
  if (item && item.deleted_at !== undefined && !options.includeDeleted) return undefined;
  return item;
}

/** Options of {@link updateCase}. */
export interface UpdateCaseOptions {
  now?: Date;
  /** The version the caller last read; a different stored version is a `ConflictError` (409). */
  expectedVersion?: number;
  /** The case owner the caller checked; a case owned by someone else is `NotFoundError`. */
  ownerId?: string;
  /** User id of the caller whose write this is (status history, shared/workflow.ts). */
  actor?: string;
}

/** The content of a case after `patch` (undefined patch fields leave the stored value). */
function contentAfter(current: CaseItem, patch: CasePatch): CaseItem {
  const after: CaseItem = { ...current };
  for (const [field, value] of Object.entries(patch)) {
    if (value !== undefined) (after as unknown as Record<string, unknown>)[field] = value;
  }
  return after;
}

/** Update the given fields (see module doc). */
export async function updateCase(caseId: string, patch: CasePatch, options: UpdateCaseOptions = {}): Promise<CaseItem> {
  checkCents(patch.pay_amount_cents);
  for (let attempt = 1; ; attempt++) {
    const current = await getCase(caseId, true);
    if (!current || (options.ownerId !== undefined && current.user_id !== options.ownerId)) {
      throw new NotFoundError(API_MESSAGES.caseNotFound);
    }
    if (options.expectedVersion !== undefined && (current.version ?? 1) !== options.expectedVersion) {
      throw new ConflictError(API_MESSAGES.caseConflict);
    }
    const outcome = await writeUpdate(current, patch, options);
    if (outcome) return outcome;
    // Lost a race with another write. With an expectedVersion the caller decides (409); without
    // one the content is read again and the rule applied to it, once.
    if (options.expectedVersion !== undefined || attempt >= 2) {
      if (!(await getCase(caseId, true))) throw new NotFoundError(API_MESSAGES.caseNotFound);
      throw new ConflictError(API_MESSAGES.caseConflict);
    }
  }
}

/** One conditional UpdateItem against the version of `current`; undefined when the condition failed. */
async function writeUpdate(
  current: CaseItem,
  patch: CasePatch,
  options: UpdateCaseOptions,
): Promise<CaseItem | undefined> {
  const now = (options.now ?? new Date()).toISOString();
  const { pay_amount_cents, case_status: manualStatus, status_reason, deleted_document_keys, ...fields } = patch;
  const after = contentAfter(current, fields);
  const before = current.case_status;
  const status = manualStatus ?? autoStatus(before, after);
  const reason = status_reason?.trim() ?? '';
  // Checked against the version this write is conditional on, so a concurrent move cannot slip by.
  if (manualStatus !== undefined && manualStatus < before && reason === '') {
    throw new ValidationError([{ field: 'reason', message: CASE_MESSAGES.reasonRequired }]);
  }

  const names: Record<string, string> = { '#id': 'case_id', '#v': 'version', '#ua': 'updated_at' };
  const values: Record<string, unknown> = { ':next': (current.version ?? 0) + 1, ':ua': now };
  const sets = ['#v = :next', '#ua = :ua'];
  const removes: string[] = [];
  // The item as it will be stored (a transaction returns no values).
  const next: Record<string, unknown> = { ...current, version: (current.version ?? 0) + 1, updated_at: now };
  let i = 0;
  const set = (field: string, value: unknown) => {
    next[field] = value;
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    sets.push(`#f${i} = :f${i}`);
    i += 1;
  };
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) set(field, value);
  const removedKeys = [...new Set((deleted_document_keys ?? []).filter((k) => k !== ''))];
  if (removedKeys.length > 0) {
    const by = options.actor ?? SYSTEM_ACTOR;
    const entries = removedKeys.map((key) => ({ key, deleted_at: now, deleted_by: by }));
    const kept = Array.isArray(current.deleted_documents) ? current.deleted_documents : [];
    set('deleted_documents', [...kept, ...entries].slice(-MAX_DELETED_DOCUMENTS));
  }
  // Descriptors follow the codes (decision record 0010; read once on write, never on list).
  const codesChanged =
    fields.procedure_codes !== undefined &&
    JSON.stringify(fields.procedure_codes) !== JSON.stringify(current.procedure_codes ?? []);
  if (codesChanged || (current.cpt_descriptors === undefined && (after.procedure_codes ?? []).length > 0)) {
    set('cpt_descriptors', Object.fromEntries(await cptDescriptions(after.procedure_codes ?? [])));
  }
  if (pay_amount_cents === null) {
    names['#pay'] = 'pay_amount_cents';
    removes.push('#pay');
    delete next.pay_amount_cents;
  } else if (pay_amount_cents !== undefined) set('pay_amount_cents', pay_amount_cents);
  if (status !== before) {
    const entry: StatusHistoryEntry = {
      from: before,
      to: status,
      by: options.actor ?? SYSTEM_ACTOR,
      at: now,
      why: manualStatus !== undefined ? 'manual' : 'auto',
      ...(manualStatus !== undefined && reason !== '' ? { reason } : {}),
    };
    set('case_status', status);
    set('status_history', appendHistory(current.status_history, entry));
    set('status_changed_at', now);
  } else if (current.status_changed_at === undefined) set('status_changed_at', statusChangedAt(current));
  // Index keys that differ from the stored ones (a new status, date, name, member ID or insurance;
  // or an item written before they existed).
  const keys = indexAttributes({ ...after, case_status: status, status_changed_at: next.status_changed_at as string });
  for (const name of INDEX_ATTRIBUTES) {
    if (keys[name] !== undefined && keys[name] !== current[name]) set(name, keys[name]);
    else if (keys[name] === undefined && current[name] !== undefined) {
      names[`#x_${name}`] = name;
      removes.push(`#x_${name}`);
      delete next[name];
    }
  }
  names['#del'] = 'deleted_at';
  let condition = 'attribute_exists(#id) AND attribute_not_exists(#del)';
  if (current.version === undefined) condition += ' AND attribute_not_exists(#v)';
  else {
    condition += ' AND #v = :read';
    values[':read'] = current.version;
  }
  const update = {
    TableName: tables().cases,
    Key: { case_id: current.case_id },
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ConditionExpression: condition,
  };
  const counters = counterUpdates(current, next as unknown as CaseItem);
  try {
    if (counters.length === 0) {
      const out = await ddb().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return parseCaseItem(out.Attributes);
    }
    // A status or pay amount change moves the counters in the same transaction (decision record 0010).
    await transactWrite([{ Update: update }, ...counters]);
    return next as unknown as CaseItem;
  } catch (err) {
    if (isConditionalCheckFailed(err) || err instanceof TransactionConditionError) return undefined;
    throw err;
  }
}

/** Days a soft-deleted case can be restored (decision record 0006; shared/schemas/deleted-cases.ts); then the purge removes it. */
export { RESTORE_WINDOW_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Message of the 409 of a restore after {@link RESTORE_WINDOW_DAYS}. */
export const RESTORE_EXPIRED_MESSAGE = `A case can be restored only within ${RESTORE_WINDOW_DAYS} days of its deletion`;

/** Attributes a soft delete removes (it keeps them in `deleted_created_at` / recomputes them on restore). */
const LIVE_ONLY_ATTRIBUTES = ['created_at', ...INDEX_ATTRIBUTES] as const;

/** The version condition of a write onto `current` (a case written before versions has none). */
function versionCondition(current: CaseItem): {
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
} {
  return current.version !== undefined
    ? { condition: '#v = :read', names: { '#v': 'version' }, values: { ':read': current.version } }
    : { condition: 'attribute_exists(case_id) AND attribute_not_exists(#v)', names: { '#v': 'version' }, values: {} };
}

/** Attribute names of the soft-delete mark that deleteCase sets and restoreCase removes (with `updated_at`). */
const SOFT_DELETE_NAMES = {
  '#da': 'deleted_at',
  '#db': 'deleted_by',
  '#dp': 'deleted_p',
  '#dc': 'deleted_created_at',
  '#ua': 'updated_at',
} as const;

/**
 * Soft-delete a case (decision record 0006): in ONE transaction conditional on the version read, the
 * item gets `deleted_at` (ISO, `now`), `deleted_by` (`actor`), `deleted_p` (the `byDeleted`
 * partition) and `deleted_created_at` (its `created_at`), loses `created_at` and every index
 * attribute (so no list, search or month index holds it), its version grows by 1, and the counters
 * take it out (`counterUpdates(current, undefined)`, and its dispute's counts: lambdas/data/dispute
 * `disputeCountActions`). Content and file references stay, so a restore
 * gives it back whole; its documents stay in the bucket. Throws `NotFoundError('Case not found')`
 * when missing or already deleted; a concurrent write is re-read and retried, up to 3 times, then
 * `ConflictError`. Resolves with the case as it was before the delete.
 */
export async function deleteCase(caseId: string, options: { now?: Date; actor?: string } = {}): Promise<CaseItem> {
  for (let attempt = 1; ; attempt++) {
    const current = await getCase(caseId, true);
    if (!current) throw new NotFoundError(API_MESSAGES.caseNotFound);
    const v = versionCondition(current);
    const names: Record<string, string> = { ...v.names, ...SOFT_DELETE_NAMES };
    LIVE_ONLY_ATTRIBUTES.forEach((name, i) => (names[`#r${i}`] = name));
    try {
      await transactWrite([
        {
          Update: {
            TableName: tables().cases,
            Key: { case_id: caseId },
            UpdateExpression:
              'SET #da = :da, #db = :db, #dp = :dp, #dc = :dc, #ua = :da, #v = :next REMOVE ' +
              LIVE_ONLY_ATTRIBUTES.map((_, i) => `#r${i}`).join(', '),
            ConditionExpression: `${v.condition} AND attribute_not_exists(#da)`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: {
              ...v.values,
              ':da': (options.now ?? new Date()).toISOString(),
              ':db': options.actor ?? SYSTEM_ACTOR,
              ':dp': DELETED_CASES_PARTITION,
              ':dc': current.created_at,
              ':next': (current.version ?? 0) + 1,
            },
          },
        },
        ...counterUpdates(current, undefined),
        ...(await disputeCountActions(caseId, 'out')),
      ]);
      return current;
    } catch (err) {
      if (!(err instanceof TransactionConditionError)) throw err;
      if (attempt >= 3) throw new ConflictError(API_MESSAGES.caseConflict);
    }
  }
}

/** A deleted case as it was before the delete (`created_at` back, deleted_* dropped, index attributes recomputed). */
function liveCaseOf(deleted: CaseItem): CaseItem {
  const { deleted_at, deleted_by, deleted_p, deleted_created_at, ...rest } = deleted;
  void deleted_at;
  void deleted_by;
  void deleted_p;
  const item = { ...rest, created_at: deleted_created_at ?? deleted.created_at } as CaseItem;
  return { ...item, ...indexAttributes(item) };
}

/**
 * Restore a soft-deleted case (decision record 0006), in ONE transaction conditional on the version
 * read: `created_at` and the index attributes come back (lists, search and month indexes hold it
 * again), the deleted_* attributes go, the version grows by 1, and the counters count it again
 * (`counterUpdates(undefined, restored)`, its dispute's too): counts come back exactly. Its documents never left.
 * Throws `NotFoundError('Case not found')` when no such case is deleted (missing or live);
 * `ConflictError(RESTORE_EXPIRED_MESSAGE)` (409) when `now` is more than {@link RESTORE_WINDOW_DAYS}
 * days after `deleted_at`; `ConflictError(caseConflict)` after 3 lost races. Resolves with the restored case.
 */
export async function restoreCase(caseId: string, options: { now?: Date; actor?: string } = {}): Promise<CaseItem> {
  const now = options.now ?? new Date();
  for (let attempt = 1; ; attempt++) {
    const current = await getCase(caseId, true, { includeDeleted: true });
    if (!current || current.deleted_at === undefined) throw new NotFoundError(API_MESSAGES.caseNotFound);
    if (now.getTime() - Date.parse(current.deleted_at) > RESTORE_WINDOW_DAYS * DAY_MS) {
      throw new ConflictError(RESTORE_EXPIRED_MESSAGE);
    }
    const restored = { ...liveCaseOf(current), version: (current.version ?? 0) + 1, updated_at: now.toISOString() };
    const v = versionCondition(current);
    const names: Record<string, string> = { ...v.names, ...SOFT_DELETE_NAMES };
    const values: Record<string, unknown> = { ...v.values, ':next': restored.version, ':ua': restored.updated_at };
    const sets = ['#v = :next', '#ua = :ua'];
    LIVE_ONLY_ATTRIBUTES.forEach((name, i) => {
      const value = (restored as unknown as Record<string, unknown>)[name];
      if (value === undefined) return;
      names[`#s${i}`] = name;
      values[`:s${i}`] = value;
      sets.push(`#s${i} = :s${i}`);
    });
    try {
      await transactWrite([
        {
          Update: {
            TableName: tables().cases,
            Key: { case_id: caseId },
            UpdateExpression: `SET ${sets.join(', ')} REMOVE #da, #db, #dp, #dc`,
            ConditionExpression: `${v.condition} AND attribute_exists(#da)`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        ...counterUpdates(undefined, restored),
        ...(await disputeCountActions(caseId, 'in')),
      ]);
      return restored;
    } catch (err) {
      if (!(err instanceof TransactionConditionError)) throw err;
      if (attempt >= 3) throw new ConflictError(API_MESSAGES.caseConflict);
    }
  }
}

/** One page of {@link listDeletedCases}: the deleted cases (stored items) and the key after the last one. */
export interface DeletedCasePage {
  items: CaseItem[];
  lastKey?: PageKey;
}

/**
 * Soft-deleted cases, most recently deleted first (decision record 0006): one page of a Query on the
 * `byDeleted` index (lambdas/lib/paging.ts queryPage; never a Scan). `startKey` from a cursor.
 */
export async function listDeletedCases(limit: number, startKey?: PageKey): Promise<DeletedCasePage> {
  const page = await queryPage(
    {
      TableName: tables().cases,
      IndexName: 'byDeleted',
      KeyConditionExpression: '#p = :p',
      ExpressionAttributeNames: { '#p': 'deleted_p' },
      ExpressionAttributeValues: { ':p': DELETED_CASES_PARTITION },
      ScanIndexForward: false,
    },
    { limit, startKey, keyNames: DELETED_KEY_NAMES },
  );
  return { items: page.items.map(parseCaseItem), ...(page.lastKey ? { lastKey: page.lastKey } : {}) };
}

/**
 * Soft-deleted cases whose `deleted_at` is before `cutoff` (ISO), oldest first: at most `limit`
 * (one Query of `byDeleted`, `limit + 1` read); `more` when others remain.
 */
export async function expiredDeletedCases(
  cutoff: string,
  limit: number,
): Promise<{ items: CaseItem[]; more: boolean }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tables().cases,
      IndexName: 'byDeleted',
      KeyConditionExpression: '#p = :p AND #da < :cutoff',
      ExpressionAttributeNames: { '#p': 'deleted_p', '#da': 'deleted_at' },
      ExpressionAttributeValues: { ':p': DELETED_CASES_PARTITION, ':cutoff': cutoff },
      ScanIndexForward: true,
      Limit: limit + 1,
    }),
  );
  const found = (out.Items ?? []).map(parseCaseItem);
  return { items: found.slice(0, limit), more: found.length > limit || out.LastEvaluatedKey !== undefined };
}

/**
 * Remove a soft-deleted case for good (the 30-day purge), only while it is still deleted as read
 * (`deleted_at` unchanged): a case restored since throws the SDK's ConditionalCheckFailedException.
 */
export async function purgeDeletedCase(item: CaseItem): Promise<void> {
  await ddb().send(
    new DeleteCommand({
      TableName: tables().cases,
      Key: { case_id: item.case_id },
      ConditionExpression: '#da = :da',
      ExpressionAttributeNames: { '#da': 'deleted_at' },
      ExpressionAttributeValues: { ':da': item.deleted_at },
    }),
  );
}

/** Key attributes of a `byDeleted` page (table key and index key), for its cursor. */
export const DELETED_KEY_NAMES = ['case_id', 'deleted_p', 'deleted_at'] as const;

/** The API shape of a deleted case: {@link toApiCase} with its creation time and `deleted_at` / `deleted_by`. */
export function toApiDeletedCase(item: CaseItem): Case & { deleted_at: string; deleted_by: string } {
  return {
    ...toApiCase(liveCaseOf(item)),
    deleted_at: item.deleted_at ?? '',
    deleted_by: item.deleted_by ?? '',
  };
}

/**
 * Descriptions of CPT codes from CPT_CODES_TABLE (BatchGetItem, 100 keys per call, unprocessed keys
 * retried a few times). Unknown codes are absent from the map.
 */
export async function cptDescriptions(codes: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set([...codes].map((c) => c.trim().toUpperCase()).filter(Boolean))];
  // Best effort: a code whose description cannot be read now is shown without one.
  const { items } = await batchGetAll(ddb(), {
    table: tables().cpt,
    schema: z.looseObject({ cpt_code: z.string(), cpt_description: z.string().optional() }),
    keyNames: ['cpt_code'],
    keys: unique.map((cpt_code) => ({ cpt_code })),
    projection: { expression: '#c, #d', names: { '#c': 'cpt_code', '#d': 'cpt_description' } },
  });
  return new Map(items.map((item) => [String(item.cpt_code), String(item.cpt_description ?? '')]));
}

/**
 * The API shape of a case: nested and flat patient names, codes with descriptions, pay_amount in
 * dollars, the last status change and the days since (./aging.ts) as of `today` (New York, YYYY-MM-DD).
 */
export function toApiCase(
  item: CaseItem,
  descriptions: Map<string, string> = new Map(),
  today: string = todayInNewYork(),
): Case {
  const changedAt = statusChangedAt(item);
  const codes = Array.isArray(item.procedure_codes) ? item.procedure_codes : [];
  return {
    case_id: item.case_id,
    case_number: item.case_number ?? null,
    user_id: item.user_id,
    case_date: item.case_date,
    surgeon_id: item.surgeon_id ?? '',
    facility_id: item.facility_id ?? '',
    patient: { first: item.patient_first ?? '', last: item.patient_last ?? '', ins_provider: item.ins_provider ?? '' },
    patient_first: item.patient_first ?? '',
    patient_last: item.patient_last ?? '',
    ins_provider: item.ins_provider ?? '',
    procedure_codes: codes.map((code) => ({
      procedure_code: code,
      procedure_desc: item.cpt_descriptors?.[code] ?? descriptions.get(code) ?? '',
    })),
    case_status: item.case_status,
    demo_file: item.demo_file ?? '',
    note_file: item.note_file ?? '',
    misc_file: item.misc_file ?? '',
    file_keys: item.file_keys ?? '',
    ...(item.pay_amount_cents !== undefined && item.pay_amount_cents !== null
      ? { pay_amount: centsToDollars(item.pay_amount_cents) }
      : {}),
    created_date: item.created_at,
    createdAt: item.created_at,
    updatedAt: item.updated_at,
    version: item.version ?? 1,
    status_history: Array.isArray(item.status_history) ? item.status_history : [],
    status_changed_at: changedAt,
    days_in_status: daysInStatus(changedAt, today),
    patient_dob: item.patient_dob ?? '',
    member_id: item.member_id ?? '',
    claim_number: item.claim_number ?? '',
  };
}

/**
 * Cases in the API shape. Descriptors come from the case itself (stored on write; decision record 0010); only
 * cases written before that are looked up, all in one pass (none for new data).
 */
export async function toApiCases(items: CaseItem[]): Promise<Case[]> {
  const missing = items.filter((c) => c.cpt_descriptors === undefined).flatMap((c) => c.procedure_codes ?? []);
  const descriptions = missing.length ? await cptDescriptions(missing) : new Map<string, string>();
  const today = todayInNewYork();
  return items.map((c) => toApiCase(c, descriptions, today));
}
