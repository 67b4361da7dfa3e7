/**
 * /document Lambda (spec provider-side sections 3, 5, 8, 9; contract in
 * shared/schemas/document.ts). The only code with a grant on the documents bucket (`private/*`).
 *
 * - POST /document (UploadRequestSchema) -> { key, upload: { method: 'PUT', url, headers }, expires_in }.
 *   The key is built here (lambdas/document/keys.ts); the PUT is valid {@link UPLOAD_URL_TTL_SECONDS} s
 *   and signs Content-Length = `size`, Content-Type (chosen from the extension) and the metadata
 *   headers, so S3 refuses any other length or header (403). Case: 404 'Case not found' unless the
 *   caller owns it or is back office (user_type >= 10). Profile: the caller's own (404 'User not
 *   found' without a profile).
 * - POST /document/confirm { key } -> { success, message, case } | { success, message, user }: the
 *   key must be a staging key of a case / profile the caller may change, the upload must exist, be at
 *   most 100 MB and start with the bytes of its extension (lambdas/document/magic.ts); otherwise it
 *   is deleted and the answer is 400 'Invalid file type: {ext}. Allowed types: ...'. The checked
 *   version is copied to the layout key, then the case (optimistic locking, retried once) or the
 *   profile's `documents` (same document_type replaced) is updated. A confirm repeated or raced
 *   answers as the first did, or 409 (docs/decisions/0017-security-findings.md).
 * - GET /document?key=&disposition=inline|attachment (default inline) -> { url, expires_in: 3600,
 *   file_name }: a presigned GET with Content-Disposition (original name) and a Content-Type chosen
 *   from the extension; 404 when the key is not attached or its object is missing.
 * - DELETE /document?key= -> { success, message, case } | { success, message, user }: a SOFT delete
 *   (docs/decisions/0006-soft-delete-and-30-day-purge.md): the key is detached (the case status follows the workflow rule) and, for a
 *   case, recorded in its `deleted_documents` (key, deleted_at, deleted_by) by the same conditional
 *   write; no DeleteObject: the object stays in the versioned bucket (the 30-day purge of a deleted
 *   case removes it). A deleted key answers 404 to every call, like a missing one.
 * - GET /doc_types -> { doc_types: ['CV - Resume', 'Malpractice Insurance', 'License(s)'] }.
 *
 * Who may: case documents: the owner or back office (user_type >= 10) for every call; profile
 * documents: the owner, and user_type >= 20 for GET. Anyone else, unknown keys, keys not attached
 * to their case or profile and keys outside the layout (traversal, other prefixes): 404
 * 'Document not found. The file "{file}" may not have been uploaded yet.'.
 *
 * Internal event (not from API Gateway): {@link DeleteCaseDocumentsEvent}, sent asynchronously by the
 * case Lambda after DELETE /case (lambdas/lib/invoke.ts): deletes the listed keys that are layout
 * keys of that case.
 */
import type { Context } from 'aws-lambda';
import {
  API_MESSAGES,
  CASE_DOCUMENT_LABELS,
  ConfirmDocumentBodySchema,
  CaseUploadRequestSchema,
  DOCUMENT_LINK_TTL_SECONDS,
  DOCUMENT_MESSAGES,
  MAX_MISC_DOCUMENTS,
  MAX_UPLOAD_BYTES,
  PROFILE_DOCUMENT_TYPES,
  PROFILE_UPLOAD_TYPES,
  ProfileUploadRequestSchema,
  UPLOAD_EXTENSIONS,
  canManageUsers,
  fileExtension,
  keyBaseName,
  parseFileKeys,
  type FileKeys,
} from '../../shared';
import { callerEmail, callerUserType, canActOnOwnedItem, requireCaller, type Caller } from '../lib/auth';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { bodyObject, ok, queryParam, type ApiEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { audit } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { METRIC_NAMES, countOutcome } from '../lib/metrics';
import { apiHandler, observed } from '../lib/middleware';
import { parseInput } from '../lib/validation';
import { getCase, toApiCases, updateCase, type CaseItem, type CasePatch } from '../data/case/repository';
import { getProfile, toApiProfile, updateProfile, type ProfileItem } from '../data/user/repository';
import { parseDocumentKey, profileStagingKey, stagingKey, type ParsedKey } from './keys';
import { SNIFF_BYTES, contentTypeFor, matchesExtension } from './magic';
import {
  META,
  UPLOAD_URL_TTL_SECONDS,
  copyObject,
  deleteObject,
  headObject,
  presignDownload,
  presignUpload,
  readStart,
} from '../lib/storage';

/** Payload of the internal event the case Lambda sends after deleting a case. */
export interface DeleteCaseDocumentsEvent {
  type: 'suture.delete-case-documents';
  case_id: string;
  owner_id: string;
  keys: string[];
}

export const DELETE_CASE_DOCUMENTS = 'suture.delete-case-documents';

/** Payload of the internal event the user Lambda sends after deleting a profile. */
export interface DeleteProfileDocumentsEvent {
  type: 'suture.delete-profile-documents';
  user_id: string;
  keys: string[];
}

export const DELETE_PROFILE_DOCUMENTS = 'suture.delete-profile-documents';

/** A profile `documents[]` entry as this Lambda writes it. */
interface ProfileDocumentEntry {
  document_type: string;
  document_name: string;
  file_name?: string;
}

type CaseParsed = Extract<ParsedKey, { kind: 'case' }>;
type ProfileParsed = Extract<ParsedKey, { kind: 'profile' }>;

function notFound(key: string): NotFoundError {
  return new NotFoundError(DOCUMENT_MESSAGES.notFoundFile(keyBaseName(String(key))));
}

/** The parsed key, or 404 (same answer as a missing document). */
function parseOr404(key: string): ParsedKey {
  const parsed = parseDocumentKey(key);
  if (!parsed) throw notFound(key);
  return parsed;
}

/** The case of a case key, if the caller may act on it and the key's owner is the case's owner; else 404. */
async function caseForKey(event: ApiEvent, parsed: CaseParsed): Promise<CaseItem> {
  const caller = requireCaller(event);
  const trail = audit(event).touched('document', [parsed.key]).forCase(parsed.caseId);
  const item = await getCase(parsed.caseId);
  if (!item || item.user_id !== parsed.ownerId) throw notFound(parsed.key);
  const userType = item.user_id === caller.sub ? 0 : await callerUserType(event);
  if (!canActOnOwnedItem(caller.sub, userType, item.user_id)) {
    trail.deniedIfNotFound();
    throw notFound(parsed.key);
  }
  return item;
}

/** The profile of a profile key: the owner always, user_type >= 20 when `read`; else 404. */
async function profileForKey(event: ApiEvent, parsed: ProfileParsed, read: boolean): Promise<ProfileItem> {
  const caller = requireCaller(event);
  // A profile document's key holds the owner's email: the audit records the owner's id instead.
  const trail = audit(event).touched('profile-document', [parsed.userId]);
  if (parsed.userId !== caller.sub && !(read && canManageUsers(await callerUserType(event)))) {
    trail.deniedIfNotFound();
    throw notFound(parsed.key);
  }
  const profile = await getProfile(parsed.userId);
  if (!profile) throw notFound(parsed.key);
  return profile;
}

/** The documents of a stored case (file_keys, with demo_file / note_file as fallbacks). */
function caseFiles(item: CaseItem): FileKeys {
  const fk = parseFileKeys(item.file_keys);
  return {
    ...fk,
    demographic_sheet: fk.demographic_sheet || item.demo_file || '',
    op_note: fk.op_note || item.note_file || '',
  };
}

/** Was `key` soft-deleted from the case (and not attached again since)? */
function isDeletedFromCase(item: CaseItem, key: string): boolean {
  const removed = Array.isArray(item.deleted_documents) ? item.deleted_documents : [];
  const fk = caseFiles(item);
  const attached = fk.demographic_sheet === key || fk.op_note === key || fk.misc_documents.includes(key);
  return !attached && removed.some((d) => d?.key === key);
}

/** Is `key` attached to the case? */
function attachedToCase(item: CaseItem, parsed: CaseParsed): boolean {
  const fk = caseFiles(item);
  if (parsed.slot === 'demographic_sheet') return fk.demographic_sheet === parsed.key;
  if (parsed.slot === 'op_note') return fk.op_note === parsed.key;
  return fk.misc_documents.includes(parsed.key);
}

function profileDocuments(profile: ProfileItem): ProfileDocumentEntry[] {
  return Array.isArray(profile.documents) ? (profile.documents as ProfileDocumentEntry[]) : [];
}

/** The patch that stores `fk` on a case (file_keys JSON plus the flat demo_file / note_file / misc_file). */
function filesPatch(fk: FileKeys): CasePatch {
  return {
    demo_file: fk.demographic_sheet,
    note_file: fk.op_note,
    misc_file: fk.misc_documents[fk.misc_documents.length - 1] ?? '',
    file_keys: JSON.stringify(fk),
  };
}

/**
 * Attempts of a document list write (a case's files, a profile's documents) before a lost race is
 * answered 409: documents confirmed at the same time each lose at most once to each of the others.
 */
const DOCUMENT_WRITE_ATTEMPTS = 5;

/**
 * Apply `change` to the current case and write it with optimistic locking; on a version conflict
 * the case is read again and the change applied once more, up to {@link DOCUMENT_WRITE_ATTEMPTS}
 * times (then 409). `change` answers the new FileKeys.
 */
async function writeCaseFiles(
  caller: Caller,
  first: CaseItem,
  change: (fk: FileKeys, item: CaseItem) => FileKeys,
  /** Keys this write soft-deletes (recorded in the case's `deleted_documents` by the same write). */
  deletedKeys: string[] = [],
  /** Checked after a lost race: true when the case read again already holds the change (nothing written). */
  settled?: (item: CaseItem) => boolean,
): Promise<{ item: CaseItem; before: FileKeys }> {
  let current = first;
  for (let attempt = 1; ; attempt++) {
    const before = caseFiles(current);
    if (attempt > 1 && settled?.(current)) return { item: current, before };
    const after = change(
      { ...before, misc_documents: [...before.misc_documents], file_names: { ...before.file_names } },
      current,
    );
    try {
      const patch = filesPatch(after);
      if (deletedKeys.length > 0) patch.deleted_document_keys = deletedKeys;
      const item = await updateCase(current.case_id, patch, {
        expectedVersion: current.version,
        ownerId: current.user_id,
        actor: caller.sub,
      });
      return { item, before };
    } catch (err) {
      if (!(err instanceof ConflictError) || attempt >= DOCUMENT_WRITE_ATTEMPTS) throw err;
      const again = await getCase(current.case_id);
      if (!again) throw new NotFoundError(API_MESSAGES.caseNotFound);
      current = again;
    }
  }
}

/**
 * Apply `change` to a profile's documents and write them with optimistic locking on `version`;
 * on a lost race (another document confirmed at the same time) the profile is read again and the
 * change applied once more, up to {@link DOCUMENT_WRITE_ATTEMPTS} times. Resolves with the stored
 * profile and the documents before the change; `NotFoundError` when the profile is gone.
 */
async function writeProfileDocuments(
  first: ProfileItem,
  change: (docs: ProfileDocumentEntry[]) => ProfileDocumentEntry[],
  /** Checked after a lost race: true when the profile read again already holds the change (nothing written). */
  settled?: (profile: ProfileItem) => boolean,
): Promise<{ profile: ProfileItem; before: ProfileDocumentEntry[] }> {
  let current = first;
  for (let attempt = 1; ; attempt++) {
    const before = profileDocuments(current);
    if (attempt > 1 && settled?.(current)) return { profile: current, before };
    try {
      const profile = await updateProfile(
        current.user_id,
        { documents: change([...before]) as ProfileItem['documents'] },
        { expectedVersion: current.version ?? 0 },
      );
      return { profile, before };
    } catch (err) {
      if (!(err instanceof ConflictError) || attempt >= DOCUMENT_WRITE_ATTEMPTS) throw err;
      const again = await getProfile(current.user_id);
      if (!again) throw new NotFoundError(API_MESSAGES.userNotFound);
      current = again;
    }
  }
}

/** Delete objects no longer referenced, best effort (logged, never thrown: the write succeeded). */
async function deleteQuietly(keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deleteObject(key);
    } catch (err) {
      logger.warn('Could not delete a replaced document', { error: (err as Error)?.name });
    }
  }
}

async function caseAnswer(message: string, item: CaseItem) {
  return ok({ success: true, message, case: (await toApiCases([item]))[0] });
}

/** Display name of a profile document type ('profile_document' reads 'Document'). */
function profileLabel(documentType: string): string {
  return documentType === 'profile_document' ? 'Document' : documentType;
}

function profileAnswer(message: string, profile: ProfileItem) {
  return ok({ success: true, message, user: toApiProfile(profile) });
}

// ---------------------------------------------------------------------------------------------
// POST /document

async function requestUpload(event: ApiEvent) {
  const caller = requireCaller(event);
  const body = bodyObject(event);
  const isProfile = body.document_type !== undefined && body.case_id === undefined;
  const now = Date.now();
  let key: string;
  let documentType: string | undefined;
  let input: { file_name: string; size: number };
  if (isProfile) {
    const req = parseInput(ProfileUploadRequestSchema, body);
    input = req;
    documentType = req.document_type;
    checkExtension(req.file_name);
    audit(event).touched('profile-document', [caller.sub]);
    const profile = await getProfile(caller.sub);
    if (!profile) throw new NotFoundError(API_MESSAGES.userNotFound);
    const email = profile.user_email || (await callerEmail(event, caller));
    key = profileStagingKey({ userId: caller.sub, email, ext: fileExtension(req.file_name), timestampMs: now });
  } else {
    const req = parseInput(CaseUploadRequestSchema, body);
    input = req;
    checkExtension(req.file_name);
    const trail = audit(event).forCase(req.case_id);
    const item = await getCase(req.case_id);
    if (!item) throw new NotFoundError(API_MESSAGES.caseNotFound);
    const userType = item.user_id === caller.sub ? 0 : await callerUserType(event);
    if (!canActOnOwnedItem(caller.sub, userType, item.user_id)) {
      trail.deniedIfNotFound();
      throw new NotFoundError(API_MESSAGES.caseNotFound);
    }
    if (req.slot === 'misc' && caseFiles(item).misc_documents.length >= MAX_MISC_DOCUMENTS) {
      throw new ValidationError([
        { field: 'slot', message: `A case holds at most ${MAX_MISC_DOCUMENTS} miscellaneous documents` },
      ]);
    }
    try {
      const where = {
        ownerId: item.user_id,
        caseId: item.case_id,
        ext: fileExtension(req.file_name),
        timestampMs: now,
      };
      // Every upload goes to a staging key; only the confirm writes the layout key (lambdas/document/keys.ts).
      key = stagingKey({ ...where, slot: req.slot });
      audit(event).touched('document', [key]);
    } catch {
      // A stored case whose id does not fit the layout cannot hold documents.
      throw new NotFoundError(API_MESSAGES.caseNotFound);
    }
  }
  const ext = fileExtension(input.file_name);
  const metadata: Record<string, string> = {
    [META.originalFilename]: encodeURIComponent(input.file_name),
    [META.uploadedBy]: caller.sub,
    [META.uploadTimestamp]: new Date(now).toISOString(),
    [META.fileSize]: String(input.size),
    ...(documentType ? { [META.documentType]: documentType } : {}),
  };
  const target = await presignUpload(key, { size: input.size, contentType: contentTypeFor(ext), metadata });
  return ok({
    key,
    upload: { method: 'PUT', url: target.url, headers: target.headers },
    expires_in: UPLOAD_URL_TTL_SECONDS,
  });
}

/** 400 with the spec's message for a file name whose extension may not be uploaded. */
function checkExtension(fileName: string): void {
  const ext = fileExtension(fileName);
  if (!ext) throw new ValidationError([{ field: 'file_name', message: DOCUMENT_MESSAGES.noExtension }]);
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new ValidationError([{ field: 'file_name', message: DOCUMENT_MESSAGES.invalidType(ext) }]);
  }
}

// ---------------------------------------------------------------------------------------------
// POST /document/confirm

/** The original name stored in the object's metadata (URI-encoded), or the key's base name. */
function originalName(metadata: Record<string, string>, key: string): string {
  const raw = metadata[META.originalFilename];
  if (raw) {
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return keyBaseName(key);
}

async function confirm(event: ApiEvent) {
  const caller = requireCaller(event);
  const { key } = parseInput(ConfirmDocumentBodySchema, bodyObject(event));
  const parsed = parseOr404(key);
  if (parsed.kind === 'case') {
    const item = await caseForKey(event, parsed);
    // Only an upload is confirmed: a layout key is written by this Lambda alone.
    if (!parsed.staged) throw notFound(parsed.key);
    return confirmCaseUpload(caller, parsed, item);
  }
  const profile = await profileForKey(event, parsed, false);
  if (!parsed.staged) throw notFound(parsed.key);
  return confirmProfileUpload(caller, parsed, profile);
}

/** Did a confirm of `staged` write its layout key? (The layout object names the upload it was copied from.) */
async function copiedFrom(staged: ParsedKey): Promise<boolean> {
  const layout = await headObject(staged.attachAs);
  return layout?.metadata[META.stagedFrom] === staged.key;
}

/**
 * The checked version of an upload: its size and first bytes checked against its extension, read
 * by version id so that a PUT to the staging key meanwhile changes nothing. A refused upload is
 * deleted (400); undefined when there is no such upload.
 */
async function checkedUpload(
  staged: ParsedKey,
): Promise<{ versionId?: string; metadata: Record<string, string>; fileName: string } | undefined> {
  const info = await headObject(staged.key);
  if (!info) return undefined;
  const fileName = originalName(info.metadata, staged.attachAs);
  if (info.size > MAX_UPLOAD_BYTES) {
    await deleteObject(staged.key);
    throw new ValidationError([{ field: 'key', message: DOCUMENT_MESSAGES.tooLarge(fileName, info.size) }]);
  }
  const head = await readStart(staged.key, SNIFF_BYTES, info.versionId);
  if (!matchesExtension(staged.ext, head, info.size > head.length)) {
    await deleteObject(staged.key);
    throw new ValidationError([{ field: 'key', message: DOCUMENT_MESSAGES.invalidType(staged.ext) }]);
  }
  return { versionId: info.versionId, metadata: info.metadata, fileName };
}

/** Copy the checked version of an upload to its layout key, recording where it came from. */
async function attachObject(staged: ParsedKey, upload: { versionId?: string; metadata: Record<string, string> }) {
  await copyObject(staged.key, staged.attachAs, {
    versionId: upload.versionId,
    contentType: contentTypeFor(staged.ext),
    metadata: { ...upload.metadata, [META.stagedFrom]: staged.key },
  });
}

/** Is the layout key of `p` the document of its slot? */
function holdsInSlot(item: CaseItem, p: CaseParsed): boolean {
  return attachedToCase(item, { ...p, key: p.attachAs });
}

/**
 * Confirm a case upload. A confirm of an upload already attached answers the case as it is (a
 * double click, a replayed URL: nothing changes); one whose document was deleted since is 404.
 */
async function confirmCaseUpload(caller: Caller, staged: CaseParsed, item: CaseItem) {
  const message = DOCUMENT_MESSAGES.uploaded(CASE_DOCUMENT_LABELS[staged.slot]);
  if (await copiedFrom(staged)) {
    if (holdsInSlot(item, staged)) return caseAnswer(message, item);
    if (isDeletedFromCase(item, staged.attachAs)) throw notFound(staged.key);
  }
  const upload = await checkedUpload(staged);
  if (!upload) {
    // A simultaneous confirm of the same upload may have attached it and removed the staging object.
    const now = await getCase(staged.caseId);
    if (now && holdsInSlot(now, staged) && (await copiedFrom(staged))) return caseAnswer(message, now);
    throw notFound(staged.key);
  }
  await attachObject(staged, upload);
  const p: CaseParsed = { ...staged, key: staged.attachAs };
  const { item: stored, before } = await writeCaseFiles(
    caller,
    item,
    (fk) => {
      if (p.slot === 'misc') {
        if (!fk.misc_documents.includes(p.key)) fk.misc_documents.push(p.key);
      } else {
        const field = p.slot === 'demographic_sheet' ? 'demographic_sheet' : 'op_note';
        const old = fk[field];
        if (old && old !== p.key) delete fk.file_names[old];
        fk[field] = p.key;
      }
      fk.file_names[p.key] = upload.fileName;
      return fk;
    },
    [],
    // After a lost race: a simultaneous confirm of this upload already wrote what this one would.
    (current) => holdsInSlot(current, staged) && caseFiles(current).file_names[p.key] === upload.fileName,
  );
  await deleteQuietly([staged.key]);
  const old = p.slot === 'demographic_sheet' ? before.demographic_sheet : p.slot === 'op_note' ? before.op_note : '';
  const oldParsed = old && old !== p.key ? parseDocumentKey(old) : undefined;
  if (oldParsed?.kind === 'case' && oldParsed.caseId === p.caseId) await deleteQuietly([old]);
  return caseAnswer(message, stored);
}

/** Confirm a profile upload; repeated confirms answer as the first, like {@link confirmCaseUpload}. */
async function confirmProfileUpload(caller: Caller, staged: ProfileParsed, profile: ProfileItem) {
  const holds = (p: ProfileItem) => profileDocuments(p).some((d) => d.document_name === staged.attachAs);
  const answerFor = (p: ProfileItem) => {
    const entry = profileDocuments(p).find((d) => d.document_name === staged.attachAs);
    return profileAnswer(DOCUMENT_MESSAGES.uploaded(profileLabel(entry?.document_type ?? '')), p);
  };
  if (holds(profile) && (await copiedFrom(staged))) return answerFor(profile);
  const upload = await checkedUpload(staged);
  if (!upload) {
    const now = await getProfile(staged.userId);
    if (now && holds(now) && (await copiedFrom(staged))) return answerFor(now);
    throw notFound(staged.key);
  }
  await attachObject(staged, upload);
  const rawType = upload.metadata[META.documentType] ?? '';
  const documentType = (PROFILE_UPLOAD_TYPES as readonly string[]).includes(rawType) ? rawType : 'profile_document';
  const key = staged.attachAs;
  const { profile: stored, before } = await writeProfileDocuments(
    profile,
    (docs) => [
      ...docs.filter((d) => d.document_type !== documentType && d.document_name !== key),
      { document_type: documentType, document_name: key, file_name: upload.fileName },
    ],
    holds,
  );
  await deleteQuietly([staged.key]);
  const replaced = before.filter((d) => d.document_type === documentType && d.document_name !== key);
  await deleteQuietly(
    replaced
      .map((d) => d.document_name)
      .filter((k) => {
        const old = parseDocumentKey(k);
        return old?.kind === 'profile' && old.userId === caller.sub;
      }),
  );
  return answerFor(stored);
}

function detach(fk: FileKeys, parsed: CaseParsed): FileKeys {
  if (parsed.slot === 'demographic_sheet' && fk.demographic_sheet === parsed.key) fk.demographic_sheet = '';
  if (parsed.slot === 'op_note' && fk.op_note === parsed.key) fk.op_note = '';
  fk.misc_documents = fk.misc_documents.filter((k) => k !== parsed.key);
  delete fk.file_names[parsed.key];
  return fk;
}

// ---------------------------------------------------------------------------------------------
// GET /document, DELETE /document

const DISPOSITIONS = ['inline', 'attachment'] as const;

async function link(event: ApiEvent) {
  const key = queryParam(event, 'key', 1024);
  if (!key) throw new ValidationError([{ field: 'key', message: 'key is required' }]);
  const dispositionParam = queryParam(event, 'disposition') ?? 'inline';
  if (!(DISPOSITIONS as readonly string[]).includes(dispositionParam)) {
    throw new ValidationError([{ field: 'disposition', message: 'disposition must be inline or attachment' }]);
  }
  const disposition = dispositionParam as (typeof DISPOSITIONS)[number];
  const parsed = parseOr404(key);
  let fileName: string;
  if (parsed.kind === 'case') {
    const item = await caseForKey(event, parsed);
    if (!attachedToCase(item, parsed)) throw notFound(key);
    fileName = caseFiles(item).file_names[parsed.key] ?? keyBaseName(parsed.key);
  } else {
    const profile = await profileForKey(event, parsed, true);
    const entry = profileDocuments(profile).find((d) => d.document_name === parsed.key);
    if (!entry) throw notFound(key);
    fileName = entry.file_name || keyBaseName(parsed.key);
  }
  // An attached key whose object is gone (e.g. removed by an administrator) is a 404, not a dead link.
  if (!(await headObject(parsed.key))) throw new NotFoundError(DOCUMENT_MESSAGES.notFoundFile(fileName));
  const url = await presignDownload(parsed.key, {
    disposition,
    fileName,
    contentType: contentTypeFor(parsed.ext),
    expiresIn: DOCUMENT_LINK_TTL_SECONDS,
  });
  return ok({ url, expires_in: DOCUMENT_LINK_TTL_SECONDS, file_name: fileName });
}

async function remove(event: ApiEvent) {
  const caller = requireCaller(event);
  const key = queryParam(event, 'key', 1024);
  if (!key) throw new ValidationError([{ field: 'key', message: 'key is required' }]);
  const parsed = parseOr404(key);
  if (parsed.kind === 'case') {
    const current = await caseForKey(event, parsed);
    if (!attachedToCase(current, parsed)) throw notFound(key);
    // A soft delete (docs/decisions/0006-soft-delete-and-30-day-purge.md): detached and recorded in one write.
    const { item } = await writeCaseFiles(caller, current, (fk) => detach(fk, parsed), [parsed.key]);
    return caseAnswer(DOCUMENT_MESSAGES.deleted(CASE_DOCUMENT_LABELS[parsed.slot]), item);
  }
  const profile = await profileForKey(event, parsed, false);
  const entry = profileDocuments(profile).find((d) => d.document_name === parsed.key);
  if (!entry) throw notFound(key);
  // Detached from the profile; the object stays in the versioned bucket (a soft delete).
  const { profile: updated } = await writeProfileDocuments(profile, (docs) =>
    docs.filter((d) => d.document_name !== parsed.key),
  );
  return profileAnswer(DOCUMENT_MESSAGES.deleted(profileLabel(entry.document_type)), updated);
}

async function docTypes() {
  return ok({ doc_types: [...PROFILE_DOCUMENT_TYPES] });
}

const api = apiHandler(
  'document',
  {
    'POST /document': requestUpload,
    'POST /document/confirm': countOutcome(confirm, {
      succeeded: METRIC_NAMES.documentConfirmed,
      refused: METRIC_NAMES.documentConfirmRefused,
      failed: METRIC_NAMES.documentConfirmFailed,
    }),
    'GET /document': link,
    'DELETE /document': remove,
    'GET /doc_types': docTypes,
  },
  { writeAudit: writeAuditEntry },
);

/** true for the internal event of {@link DeleteCaseDocumentsEvent}. */
export function isDeleteCaseDocumentsEvent(event: unknown): event is DeleteCaseDocumentsEvent {
  const e = event as Partial<DeleteCaseDocumentsEvent> | null;
  return (
    !!e &&
    typeof e === 'object' &&
    e.type === DELETE_CASE_DOCUMENTS &&
    typeof e.case_id === 'string' &&
    typeof e.owner_id === 'string' &&
    Array.isArray(e.keys)
  );
}

/**
 * Delete the documents of a deleted case: only keys that parse as layout keys of that very case
 * (owner and case id) are deleted; anything else is ignored. Resolves with the number deleted.
 */
export async function deleteCaseDocuments(event: DeleteCaseDocumentsEvent): Promise<{ deleted: number }> {
  const keys = [...new Set(event.keys)].filter((k) => {
    const p = parseDocumentKey(k);
    return p?.kind === 'case' && p.caseId === event.case_id && p.ownerId === event.owner_id;
  });
  for (const key of keys) await deleteObject(key);
  logger.info('Deleted the documents of a deleted case', { count: keys.length });
  return { deleted: keys.length };
}

/** true for the internal event of {@link DeleteProfileDocumentsEvent}. */
export function isDeleteProfileDocumentsEvent(event: unknown): event is DeleteProfileDocumentsEvent {
  const e = event as Partial<DeleteProfileDocumentsEvent> | null;
  return (
    !!e &&
    typeof e === 'object' &&
    e.type === DELETE_PROFILE_DOCUMENTS &&
    typeof e.user_id === 'string' &&
    Array.isArray(e.keys)
  );
}

/**
 * Delete the documents of a deleted profile: only keys that parse as profile document keys of that
 * very user are deleted; anything else is ignored. Resolves with the number deleted.
 */
export async function deleteProfileDocuments(event: DeleteProfileDocumentsEvent): Promise<{ deleted: number }> {
  const keys = [...new Set(event.keys)].filter((k) => {
    const p = parseDocumentKey(k);
    return p?.kind === 'profile' && p.userId === event.user_id;
  });
  for (const key of keys) await deleteObject(key);
  logger.info('Deleted the documents of a deleted profile', { count: keys.length });
  return { deleted: keys.length };
}

const internal = observed(async (event: DeleteCaseDocumentsEvent | DeleteProfileDocumentsEvent) =>
  isDeleteCaseDocumentsEvent(event) ? deleteCaseDocuments(event) : deleteProfileDocuments(event),
);

/** The Lambda entry point: API Gateway events through the routes above, or one of the internal events. */
export async function handler(event: unknown, context: Context): Promise<unknown> {
  if (isDeleteCaseDocumentsEvent(event) || isDeleteProfileDocumentsEvent(event)) return internal(event, context);
  return api(event as ApiEvent, context);
}
