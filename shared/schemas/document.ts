/**
 * Document API contract (spec provider-side sections 3, 5, 7, 8, 9), used by the
 * `document` Lambda to validate requests and by the SPA to build them and parse the answers.
 *
 * Calls (paths relative to the API base, bearer token):
 * - `POST /document` {@link UploadRequestSchema} -> {@link UploadTicketSchema}: the server builds
 *   the key (never the client) and answers a presigned upload valid `expires_in` seconds.
 * - `POST /document/confirm` `{ key }` -> `{ success, message, case }` or `{ success, message, user }`.
 * - `GET /document?key=&disposition=inline|attachment` -> {@link DocumentLinkSchema} (3600 s).
 * - `DELETE /document?key=` -> `{ success, message, case }` or `{ success, message, user }`.
 * - `GET /doc_types` -> `{ doc_types: ['CV - Resume', 'Malpractice Insurance', 'License(s)'] }`.
 *
 * Storage layout (spec section 3; keys built only by the server):
 * `private/case-documents/{ownerId}/demo_{caseId}.{ext}`, `op_{caseId}.{ext}`,
 * `misc_{caseId}_{timestamp}-{nonce}.{ext}`; `private/profile-documents/{userId}/{email}_{timestamp}-{nonce}.{ext}`
 * (the nonce since docs/decisions/0031-a-nonce-in-document-keys.md).
 *
 * A case's `file_keys` is JSON text of {@link FileKeys}; `demo_file` / `note_file` hold the same keys
 * as the demographic_sheet / op_note entries ('' when missing).
 */
import * as z from 'zod';
import { MAX_UPLOAD_BYTES, PROFILE_DOCUMENT_TYPES, TEXT_LIMITS, UPLOAD_EXTENSIONS, tooLongMessage } from '../constants';

/** Case document slots of POST /document. */
export const CASE_DOCUMENT_SLOTS = ['demographic_sheet', 'op_note', 'misc'] as const;
export type CaseDocumentSlot = (typeof CASE_DOCUMENT_SLOTS)[number];

/** Display names of the case slots, used in '{document} uploaded successfully!' and the confirm text. */
export const CASE_DOCUMENT_LABELS: Record<CaseDocumentSlot, string> = {
  demographic_sheet: 'Demographic Sheet',
  op_note: 'Operative Note',
  misc: 'Miscellaneous Document',
};

/** Profile document types of POST /document: the spec's three plus the default `profile_document`. */
export const PROFILE_UPLOAD_TYPES = [...PROFILE_DOCUMENT_TYPES, 'profile_document'] as const;
export type ProfileUploadType = (typeof PROFILE_UPLOAD_TYPES)[number];

/** Longest URI-encoded file name kept in an object's metadata (S3 allows 2 KB of user metadata in all). */
export const MAX_ENCODED_FILE_NAME = 1024;

/** Miscellaneous documents a case may hold: defined in ../constants (no zod), re-exported here. */
export { MAX_MISC_DOCUMENTS } from '../constants';

/** Seconds a signed read link is valid (spec provider-side section 9). */
export const DOCUMENT_LINK_TTL_SECONDS = 3600;

/** Upload and storage messages (spec provider-side section 8 "Upload and storage", "Cases"). */
export const DOCUMENT_MESSAGES = {
  noExtension: 'Invalid file: no extension found',
  invalidType: (ext: string, allowed: readonly string[] = UPLOAD_EXTENSIONS) =>
    `Invalid file type: ${ext}. Allowed types: ${allowed.join(', ')}`,
  tooLarge: (name: string, bytes: number) =>
    `File too large: ${name} is ${(bytes / (1024 * 1024)).toFixed(1)}MB. Maximum allowed size is 100MB.`,
  uploadFailed: (reason: string) => `Upload failed: ${reason}`,
  linkFailed: (reason: string) => `Failed to generate document URL: ${reason}`,
  uploaded: (document: string) => `${document} uploaded successfully!`,
  deleted: (document: string) => `${document} deleted successfully!`,
  deleteConfirm: (document: string) => `Are you sure you want to delete ${document}? This action cannot be undone.`,
  notFoundFile: (file: string) => `Document not found. The file "${file}" may not have been uploaded yet.`,
  accessDenied: (action: 'view' | 'download') =>
    `Access denied. You may not have permission to ${action} this document.`,
  popupBlocked: 'Popup blocked. Please allow popups for this site and try again.',
  viewFailed: (message: string) => `Failed to view document: ${message}`,
  downloadFailed: (message: string) => `Failed to download document: ${message}`,
  uploadCaseFailed: (message: string) => `Failed to upload document: ${message}`,
  deleteCaseFailed: (message: string) => `Failed to delete document: ${message}`,
  caseUnavailable: 'Case data not available. Please refresh the page and try again.',
  opened: 'Document opened successfully!',
  downloadStarted: 'Document download started!',
  profileViewFailed: 'Failed to view document. Please try again.',
  profileDownloadFailed: 'Failed to download document. Please try again.',
} as const;

/**
 * The MIME type of each upload extension (constants UPLOAD_EXTENSIONS). The SPA sends it for a file
 * the browser gives no type; the API stores and serves it (lambdas/document/magic.ts, where text
 * files get '; charset=utf-8' added).
 */
export const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  rtf: 'application/rtf',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Lower-cased extension after the last dot, or '' (none, or a name ending in a dot). */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

/**
 * The spec's message for a file that may not be uploaded, or undefined when it may:
 * no extension, an extension outside `allowed`, or more than {@link MAX_UPLOAD_BYTES} bytes.
 */
export function uploadProblem(
  file: { name: string; size: number },
  allowed: readonly string[] = UPLOAD_EXTENSIONS,
): string | undefined {
  const ext = fileExtension(file.name);
  if (!ext) return DOCUMENT_MESSAGES.noExtension;
  if (!allowed.includes(ext)) return DOCUMENT_MESSAGES.invalidType(ext, allowed);
  if (file.size > MAX_UPLOAD_BYTES) return DOCUMENT_MESSAGES.tooLarge(file.name, file.size);
  return undefined;
}

const fileName = z
  .string({ error: 'file_name is required' })
  .trim()
  .min(1, 'file_name is required')
  .max(255, tooLongMessage('file_name', 255))
  .refine((n) => fileExtension(n) !== '', DOCUMENT_MESSAGES.noExtension)
  // The name travels URI-encoded in the object's metadata, which S3 limits to 2 KB in all.
  .refine((n) => encodeURIComponent(n).length <= MAX_ENCODED_FILE_NAME, 'file_name is too long: shorten the file name');
const contentType = z
  .string({ error: 'content_type is required' })
  .trim()
  .max(TEXT_LIMITS.text, tooLongMessage('content_type', TEXT_LIMITS.text));
/** Bytes, 1 to 100 MB (104,857,600). */
const size = z
  .number({ error: 'size must be a number of bytes' })
  .int('size must be a number of bytes')
  .min(1, 'The file is empty')
  .max(MAX_UPLOAD_BYTES, 'File too large. Maximum allowed size is 100MB.');

/** POST /document for a case slot. */
export const CaseUploadRequestSchema = z.object({
  case_id: z.string({ error: 'case_id is required' }).trim().min(1, 'case_id is required').max(TEXT_LIMITS.id),
  slot: z.enum(CASE_DOCUMENT_SLOTS, { error: `slot must be one of ${CASE_DOCUMENT_SLOTS.join(', ')}` }),
  file_name: fileName,
  content_type: contentType,
  size,
});
/** POST /document for a profile credential. */
export const ProfileUploadRequestSchema = z.object({
  document_type: z.enum(PROFILE_UPLOAD_TYPES, { error: 'Please select a valid document type' }),
  file_name: fileName,
  content_type: contentType,
  size,
});
export const UploadRequestSchema = z.union([CaseUploadRequestSchema, ProfileUploadRequestSchema]);
export type CaseUploadRequest = z.infer<typeof CaseUploadRequestSchema>;
export type ProfileUploadRequest = z.infer<typeof ProfileUploadRequestSchema>;

/** Answer of POST /document: the key and how to upload the bytes (PUT with headers, or POST with form fields). */
export const UploadTicketSchema = z.object({
  key: z.string(),
  upload: z.object({
    method: z.enum(['PUT', 'POST']),
    url: z.string(),
    headers: z.record(z.string(), z.string()).optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  /** Seconds. */
  expires_in: z.number(),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

/** POST /document/confirm body. */
export const ConfirmDocumentBodySchema = z.object({
  key: z.string({ error: 'key is required' }).trim().min(1, 'key is required').max(TEXT_LIMITS.path),
});

/** Answer of GET /document. */
export const DocumentLinkSchema = z.object({
  url: z.string(),
  /** Seconds ({@link DOCUMENT_LINK_TTL_SECONDS}). */
  expires_in: z.number(),
  /** The original file name (also in the link's Content-Disposition). */
  file_name: z.string(),
});
export type DocumentLink = z.infer<typeof DocumentLinkSchema>;

/** Answer of GET /doc_types. */
export const DocTypesSchema = z.object({ doc_types: z.array(z.string()) });

/** The documents of a case, as `file_keys` JSON text holds them. */
export interface FileKeys {
  /** Key of the demographic sheet, '' when none. */
  demographic_sheet: string;
  /** Key of the operative note, '' when none. */
  op_note: string;
  /** Keys of the miscellaneous documents, oldest first. */
  misc_documents: string[];
  /** Original file name per key (what the user uploaded), for display and Content-Disposition. */
  file_names: Record<string, string>;
}

export const EMPTY_FILE_KEYS: FileKeys = { demographic_sheet: '', op_note: '', misc_documents: [], file_names: {} };

/** Read `file_keys` as stored or sent (JSON text, an object, '' or null); anything unreadable is empty. */
export function parseFileKeys(value: unknown): FileKeys {
  let v = value;
  if (typeof v === 'string') {
    if (v.trim() === '') return { ...EMPTY_FILE_KEYS, misc_documents: [], file_names: {} };
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      v = undefined;
    }
  }
  const o = (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' ? x : '');
  const names = o.file_names && typeof o.file_names === 'object' && !Array.isArray(o.file_names) ? o.file_names : {};
  return {
    demographic_sheet: str(o.demographic_sheet),
    op_note: str(o.op_note),
    misc_documents: Array.isArray(o.misc_documents)
      ? o.misc_documents.filter((k): k is string => typeof k === 'string' && k !== '')
      : [],
    file_names: Object.fromEntries(
      Object.entries(names as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
    ),
  };
}

/** The base name of a storage key (`private/.../op_x.pdf` -> `op_x.pdf`), for display when no original name is known. */
export function keyBaseName(key: string): string {
  return key.split('/').pop() ?? key;
}
