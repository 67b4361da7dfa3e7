/**
 * Storage keys of documents (spec provider-side section 3 "Document storage"). Keys are built here,
 * by the server only, and every key a client sends back is parsed here: a key that does not match
 * the layout exactly (other prefixes, `..`, absolute paths, percent-encoding, backslashes, unknown
 * extensions, ids with other characters) is refused as `undefined`.
 *
 * Layout keys (what a case or profile holds):
 * - `private/case-documents/{ownerId}/demo_{caseId}.{ext}`   (demographic sheet)
 * - `private/case-documents/{ownerId}/op_{caseId}.{ext}`     (operative note)
 * - `private/case-documents/{ownerId}/misc_{caseId}_{timestamp}-{nonce}.{ext}` (miscellaneous; ms timestamp)
 * - `private/profile-documents/{userId}/{email}_{timestamp}-{nonce}.{ext}` (email made key-safe)
 *
 * `{nonce}` is 8 random hex digits, so that uploads requested in the same millisecond never share a
 * key (docs/decisions/0031-a-nonce-in-document-keys.md); keys stored before it have none and still parse.
 *
 * Every upload goes to a staging key, `private/uploads/{ownerId}/{demo|op|misc}_{caseId}_{timestamp}-{nonce}.{ext}`
 * or `private/uploads/{userId}/profile_{email}_{timestamp}-{nonce}.{ext}`, and only the confirm copies the
 * checked version to the layout key: no presigned URL can write a layout key, so a PUT replayed
 * within the URL's lifetime changes nothing served (docs/decisions/0003-staging-keys-for-documents.md).
 * Unconfirmed staging objects expire (infra/storage.ts).
 *
 * `ext` is lower-cased and one of UPLOAD_EXTENSIONS (shared/constants.ts).
 */
import { randomBytes } from 'node:crypto';
import { UPLOAD_EXTENSIONS } from '../../shared/constants';
import type { CaseDocumentSlot } from '../../shared/schemas/document';

export const CASE_DOCUMENTS_PREFIX = 'private/case-documents/';
export const PROFILE_DOCUMENTS_PREFIX = 'private/profile-documents/';
/** Where every upload goes before its confirm (see the module doc). */
export const STAGING_PREFIX = 'private/uploads/';
/** The only prefix the document Lambda may touch (its IAM grant is `private/*`). */
export const PRIVATE_PREFIX = 'private/';

/** Longest key accepted (S3 allows 1024 bytes). */
export const MAX_KEY_LENGTH = 1024;

/** User ids (Cognito subs and seeded ids): letters, digits, `-`. */
const USER_ID = '[A-Za-z0-9-]{1,128}';
/** Case ids: `{userId}_{ms}` (spec section 3), letters, digits, `-`, `_`. */
const CASE_ID = '[A-Za-z0-9_-]{1,200}';
const EXT = `(${UPLOAD_EXTENSIONS.join('|')})`;
/** A key-safe email ({@link keySafeEmail}). */
const EMAIL = '[a-z0-9@._-]{1,200}';
/** An upload's time (ms) and, on keys built since decision 0031, `-` and its nonce. */
const STAMP = '(\\d{10,16})(?:-([0-9a-f]{8}))?';
const NONCE = /^[0-9a-f]{8}$/;

const CASE_KEY = new RegExp(`^private/case-documents/(${USER_ID})/(demo|op)_(${CASE_ID})\\.${EXT}$`);
const MISC_KEY = new RegExp(`^private/case-documents/(${USER_ID})/misc_(${CASE_ID})_${STAMP}\\.${EXT}$`);
const STAGING_KEY = new RegExp(`^private/uploads/(${USER_ID})/(demo|op|misc)_(${CASE_ID})_${STAMP}\\.${EXT}$`);
const PROFILE_KEY = new RegExp(`^private/profile-documents/(${USER_ID})/(${EMAIL})_${STAMP}\\.${EXT}$`);
const PROFILE_STAGING_KEY = new RegExp(`^private/uploads/(${USER_ID})/profile_(${EMAIL})_${STAMP}\\.${EXT}$`);

export type ParsedKey =
  | {
      kind: 'case';
      key: string;
      ownerId: string;
      caseId: string;
      slot: CaseDocumentSlot;
      ext: string;
      /** The layout key the document is attached under: `key` itself, or for a staging key its layout key. */
      attachAs: string;
      /** A staging key (an upload waiting for its confirm), not a layout key. */
      staged: boolean;
    }
  | { kind: 'profile'; key: string; userId: string; ext: string; attachAs: string; staged: boolean };

const PREFIX_OF_SLOT: Record<CaseDocumentSlot, string> = { demographic_sheet: 'demo', op_note: 'op', misc: 'misc' };
const SLOT_OF_PREFIX: Record<string, CaseDocumentSlot> = { demo: 'demographic_sheet', op: 'op_note', misc: 'misc' };

function checkId(value: string, pattern: string, what: string): void {
  if (!new RegExp(`^${pattern}$`).test(value)) throw new RangeError(`${what} has characters a storage key cannot hold`);
}

function checkExt(ext: string): string {
  const e = ext.toLowerCase();
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(e)) throw new RangeError(`Extension ${ext} is not allowed`);
  return e;
}

/** A fresh upload nonce: 8 random hex digits (docs/decisions/0031-a-nonce-in-document-keys.md). */
export function uploadNonce(): string {
  return randomBytes(4).toString('hex');
}

/**
 * What names a case document: its owner, case, slot and extension, and for `misc` a time (ms,
 * default now) and the upload's nonce (none on keys stored before decision 0031).
 */
export interface CaseDocumentKeyInput {
  ownerId: string;
  caseId: string;
  slot: CaseDocumentSlot;
  ext: string;
  timestampMs?: number;
  nonce?: string;
}

/** `{timestampMs}` or `{timestampMs}-{nonce}`; throws RangeError on a nonce outside {@link NONCE}. */
function stampOf(timestampMs: number | undefined, nonce: string | undefined): string {
  const ms = Math.trunc(timestampMs ?? Date.now());
  if (nonce === undefined) return String(ms);
  if (!NONCE.test(nonce)) throw new RangeError('nonce must be 8 lower-case hex digits');
  return `${ms}-${nonce}`;
}

/** The checked parts of a case document's keys: slot prefix, lower-cased extension. */
function caseKeyParts(input: CaseDocumentKeyInput): { slotPrefix: string; ext: string } {
  checkId(input.ownerId, USER_ID, 'ownerId');
  checkId(input.caseId, CASE_ID, 'caseId');
  return { slotPrefix: PREFIX_OF_SLOT[input.slot], ext: checkExt(input.ext) };
}

/**
 * Key of a case document. `timestampMs` and `nonce` are used for `misc` only (time default now;
 * no nonce when none is given). Throws RangeError when an id has characters outside the layout,
 * the extension is not allowed or the nonce is not 8 hex digits.
 */
export function caseDocumentKey(input: CaseDocumentKeyInput): string {
  const { slotPrefix, ext } = caseKeyParts(input);
  const name =
    input.slot === 'misc'
      ? `${slotPrefix}_${input.caseId}_${stampOf(input.timestampMs, input.nonce)}`
      : `${slotPrefix}_${input.caseId}`;
  return `${CASE_DOCUMENTS_PREFIX}${input.ownerId}/${name}.${ext}`;
}

/**
 * Staging key of a case document upload (see the module doc):
 * `private/uploads/{ownerId}/{demo|op|misc}_{caseId}_{timestampMs}-{nonce}.{ext}`, the nonce a
 * fresh {@link uploadNonce} unless given. Throws like {@link caseDocumentKey}.
 */
export function stagingKey(input: CaseDocumentKeyInput): string {
  const { slotPrefix, ext } = caseKeyParts(input);
  const stamp = stampOf(input.timestampMs, input.nonce ?? uploadNonce());
  return `${STAGING_PREFIX}${input.ownerId}/${slotPrefix}_${input.caseId}_${stamp}.${ext}`;
}

/**
 * An email address made safe for a key segment: lower-cased, every character other than
 * `a-z 0-9 @ . _ -` replaced by `_`, at most 200 characters; '' becomes `user`.
 */
export function keySafeEmail(email: string): string {
  const safe = email
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9@._-]/g, '_')
    .replace(/\.{2,}/g, '_')
    .slice(0, 200);
  return safe === '' ? 'user' : safe;
}

/**
 * What names a profile document: its user, the user's email, the extension, a time (ms, default
 * now) and the upload's nonce (none on keys stored before decision 0031).
 */
export interface ProfileDocumentKeyInput {
  userId: string;
  email: string;
  ext: string;
  timestampMs?: number;
  nonce?: string;
}

/** The file name of a profile document's keys, `{email}_{timestampMs}[-{nonce}].{ext}`, its parts checked. */
function profileKeyName(input: ProfileDocumentKeyInput): string {
  checkId(input.userId, USER_ID, 'userId');
  const ext = checkExt(input.ext);
  return `${keySafeEmail(input.email)}_${stampOf(input.timestampMs, input.nonce)}.${ext}`;
}

/**
 * Staging key of a profile document upload: `private/uploads/{userId}/profile_{email}_{timestampMs}-{nonce}.{ext}`,
 * the nonce a fresh {@link uploadNonce} unless given; attached as {@link profileDocumentKey} of the
 * same inputs and nonce. Throws like {@link caseDocumentKey}.
 */
export function profileStagingKey(input: ProfileDocumentKeyInput): string {
  return `${STAGING_PREFIX}${input.userId}/profile_${profileKeyName({ ...input, nonce: input.nonce ?? uploadNonce() })}`;
}

/** Key of a profile document: `private/profile-documents/{userId}/{email}_{timestampMs}[-{nonce}].{ext}`. */
export function profileDocumentKey(input: ProfileDocumentKeyInput): string {
  return `${PROFILE_DOCUMENTS_PREFIX}${input.userId}/${profileKeyName(input)}`;
}

/**
 * Parse a key a client sent. Answers undefined for anything that is not exactly a layout key:
 * longer than {@link MAX_KEY_LENGTH}, with `..`, `//`, `\`, `%`, control characters, a leading `/`,
 * another prefix, or parts outside the patterns above.
 */
export function parseDocumentKey(key: unknown): ParsedKey | undefined {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\%]|\.\.|\/\//.test(key) || !key.startsWith(PRIVATE_PREFIX)) return undefined;
  let m = CASE_KEY.exec(key);
  if (m) {
    const [, ownerId, prefix, caseId, ext] = m as unknown as [string, string, string, string, string];
    const slot = SLOT_OF_PREFIX[prefix] as CaseDocumentSlot;
    return { kind: 'case', key, ownerId, caseId, slot, ext, attachAs: key, staged: false };
  }
  m = STAGING_KEY.exec(key);
  if (m) {
    type Groups = [string, string, string, string, string, string | undefined, string];
    const [, ownerId, prefix, caseId, ts, nonce, ext] = m as unknown as Groups;
    const slot = SLOT_OF_PREFIX[prefix] as CaseDocumentSlot;
    const attachAs = caseDocumentKey({ ownerId, caseId, slot, ext, timestampMs: Number(ts), nonce });
    return { kind: 'case', key, ownerId, caseId, slot, ext, attachAs, staged: true };
  }
  m = MISC_KEY.exec(key);
  if (m) {
    const [, ownerId, caseId, , , ext] = m as unknown as [string, string, string, string, string, string];
    return { kind: 'case', key, ownerId, caseId, slot: 'misc', ext, attachAs: key, staged: false };
  }
  m = PROFILE_KEY.exec(key);
  if (m) {
    const [, userId, , , , ext] = m as unknown as [string, string, string, string, string, string];
    return { kind: 'profile', key, userId, ext, attachAs: key, staged: false };
  }
  m = PROFILE_STAGING_KEY.exec(key);
  if (m) {
    const [, userId, email, ts, nonce, ext] = m as unknown as [
      string,
      string,
      string,
      string,
      string | undefined,
      string,
    ];
    const attachAs = `${PROFILE_DOCUMENTS_PREFIX}${userId}/${email}_${nonce ? `${ts}-${nonce}` : ts}.${ext}`;
    return { kind: 'profile', key, userId, ext, attachAs, staged: true };
  }
  return undefined;
}
