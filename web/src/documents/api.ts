/**
 * Document calls of the SPA (spec provider-side sections 3, 7 and 8; decision 0003-staging-keys-for-documents), built on
 * `apiFetch`; every answer is parsed with the shared zod schemas of shared/schemas/document.ts.
 *
 * - {@link requestUpload}: POST /document -> {@link UploadTicket} (key chosen by the server).
 * - {@link confirmUpload}: POST /document/confirm `{ key }` -> the updated case or profile.
 * - {@link getDocumentLink}: GET /document?key=&disposition= -> `{ url, expires_in (s), file_name }`.
 * - {@link deleteDocument}: DELETE /document?key= -> the updated case or profile.
 * - {@link listDocTypes}: GET /doc_types -> the profile document types.
 *
 * Failures throw `ApiError` (message in the spec's words, HTTP status kept) or
 * {@link DocumentApiError} when an answer does not have the contract's shape.
 */
import type * as z from 'zod';
import {
  ConfirmDocumentBodySchema,
  DocTypesSchema,
  DocumentLinkSchema,
  PROFILE_UPLOAD_TYPES,
  UploadTicketSchema,
  type CaseUploadRequest,
  type DocumentLink,
  type Profile,
  type ProfileUploadRequest,
  type ProfileUploadType,
  type UploadTicket,
} from '../../../shared';
import { apiFetch } from '../lib/api';
import { normalizeCase, type CaseView } from '../cases/api';
import { normalizeProfile, unwrapProfile } from '../profile/api';

/** An answer of the document API that does not match the contract. */
export class DocumentApiError extends Error {
  override name = 'DocumentApiError';
}

function parse<T>(schema: z.ZodType<T>, body: unknown, call: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new DocumentApiError(`Unexpected answer from ${call}`);
  return result.data;
}

/** What a document mutation (confirm, delete) answered: the updated case or profile, when present. */
export interface DocumentChange {
  success: boolean;
  message: string;
  /** The updated case (GET /case shape, normalised), when the document belongs to a case. */
  case?: CaseView;
  /** The updated profile (normalised), when the document belongs to a profile. */
  user?: Profile;
}

/** Read `{ success, message, case }` / `{ success, message, user }`; an unreadable case or user is left out. */
export function parseDocumentChange(body: unknown): DocumentChange {
  const o = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const change: DocumentChange = {
    success: o.success !== false,
    message: typeof o.message === 'string' ? o.message : '',
  };
  if (o.case !== undefined) {
    try {
      change.case = normalizeCase(o.case);
    } catch {
      /* left out: the caller refetches */
    }
  }
  if (o.user !== undefined) {
    const raw = unwrapProfile({ user: o.user });
    if (raw) change.user = normalizeProfile(raw);
  }
  return change;
}

/** POST /document: ask for a presigned upload of one file. Sizes are bytes. */
export async function requestUpload(req: CaseUploadRequest | ProfileUploadRequest): Promise<UploadTicket> {
  const body = await apiFetch<unknown>('/document', { method: 'POST', body: req });
  return parse(UploadTicketSchema, body, 'POST /document');
}

/** POST /document/confirm: attach an uploaded object (400 'Invalid file type: ...' when its bytes do not match). */
export async function confirmUpload(key: string): Promise<DocumentChange> {
  const body = await apiFetch<unknown>('/document/confirm', {
    method: 'POST',
    body: ConfirmDocumentBodySchema.parse({ key }),
  });
  return parseDocumentChange(body);
}

/** GET /document: a signed read link valid `expires_in` seconds (3600), opened inline or as an attachment. */
export async function getDocumentLink(key: string, disposition: 'inline' | 'attachment'): Promise<DocumentLink> {
  const body = await apiFetch<unknown>('/document', { query: { key, disposition } });
  return parse(DocumentLinkSchema, body, 'GET /document');
}

/** DELETE /document: detach and delete (the bucket keeps the earlier version). */
export async function deleteDocument(key: string): Promise<DocumentChange> {
  const body = await apiFetch<unknown>('/document', { method: 'DELETE', query: { key } });
  return parseDocumentChange(body);
}

/**
 * GET /doc_types: the profile document types the server knows, limited to those POST /document
 * accepts (PROFILE_UPLOAD_TYPES), in the server's order.
 */
export async function listDocTypes(): Promise<ProfileUploadType[]> {
  const body = await apiFetch<unknown>('/doc_types');
  const { doc_types } = parse(DocTypesSchema, body, 'GET /doc_types');
  return doc_types.filter((t): t is ProfileUploadType => (PROFILE_UPLOAD_TYPES as readonly string[]).includes(t));
}
