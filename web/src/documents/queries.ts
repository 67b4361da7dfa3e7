/**
 * Document hooks and flows of the SPA.
 *
 * - {@link uploadDocument}: POST /document -> bytes to storage with progress -> POST /document/confirm.
 * - {@link useUploadCaseDocument} / {@link useDeleteCaseDocument} / {@link useUploadProfileDocument}:
 *   mutations that put the server's answer (the updated case or profile) into the query cache and
 *   invalidate the case lists (a document can move a case between Incomplete and Submitted,
 *   shared/workflow.ts).
 * - {@link useDocTypes}: GET /doc_types (falls back to the spec's three types when the call fails).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  CONTENT_TYPE_BY_EXTENSION,
  PROFILE_DOCUMENT_TYPES,
  fileExtension,
  type CaseDocumentSlot,
  type ProfileUploadType,
} from '../../../shared';
import { profileQuery } from '../profile/useProfile';
import { confirmUpload, deleteDocument, listDocTypes, requestUpload, type DocumentChange } from './api';
import { sendToStorage, type UploadOptions } from './upload';
import { caseKeys, documentKeys } from '../lib/queryKeys';

/** The content type sent for a file (the browser gives none for .docx, .rtf on some systems): the browser's, else by extension, else application/octet-stream. */
export function contentTypeOf(file: { name: string; type: string }): string {
  return file.type || CONTENT_TYPE_BY_EXTENSION[fileExtension(file.name)] || 'application/octet-stream';
}

/** Where an upload goes: a case slot or a profile document type. */
export type UploadTarget = { caseId: string; slot: CaseDocumentSlot } | { documentType: ProfileUploadType };

/**
 * Upload one file: ask for a ticket, send the bytes (progress 0..100 through `opts.onProgress`), then
 * confirm. Resolves with the confirm answer and the key. Rejects with `ApiError` (ticket, confirm: e.g.
 * 400 'Invalid file type: ...'), `UploadError` ('Upload failed: ...') or an 'AbortError'.
 */
export async function uploadDocument(
  target: UploadTarget,
  file: File,
  opts: UploadOptions = {},
): Promise<DocumentChange & { key: string }> {
  const common = { file_name: file.name, content_type: contentTypeOf(file), size: file.size };
  const ticket = await requestUpload(
    'caseId' in target
      ? { case_id: target.caseId, slot: target.slot, ...common }
      : { document_type: target.documentType, ...common },
  );
  await sendToStorage(ticket.upload, file, opts);
  const change = await confirmUpload(ticket.key);
  return { ...change, key: ticket.key };
}

/**
 * Put a document answer into the cache: the case under `caseKeys.one` (and every case list
 * invalidated, since the status may have changed), the profile under `['profile', userId]`.
 * Without a readable case or profile in the answer, the cached one is refetched instead.
 */
export async function applyDocumentChange(
  queryClient: QueryClient,
  change: DocumentChange,
  owner: { caseId: string } | { userId: string },
): Promise<void> {
  if ('caseId' in owner) {
    if (change.case) queryClient.setQueryData(caseKeys.one(change.case.case_id), change.case);
    else await queryClient.invalidateQueries({ queryKey: caseKeys.one(owner.caseId) });
    await queryClient.invalidateQueries({ queryKey: caseKeys.lists });
  } else if (change.user) {
    queryClient.setQueryData(profileQuery(owner.userId).queryKey, change.user);
  } else {
    await queryClient.invalidateQueries({ queryKey: profileQuery(owner.userId).queryKey });
  }
}

export interface CaseUploadVariables {
  slot: CaseDocumentSlot;
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Upload into a slot of case `caseId`, then update the cache from the answer. */
export function useUploadCaseDocument(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slot, file, onProgress, signal }: CaseUploadVariables) =>
      uploadDocument({ caseId, slot }, file, { onProgress, signal }),
    onSuccess: (change) => applyDocumentChange(queryClient, change, { caseId }),
  });
}

/** Delete a document of case `caseId` by key, then update the cache from the answer. */
export function useDeleteCaseDocument(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => deleteDocument(key),
    onSuccess: (change) => applyDocumentChange(queryClient, change, { caseId }),
  });
}

export interface ProfileUploadVariables {
  documentType: ProfileUploadType;
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Upload a profile document (replacing the one of the same type, server side), then refresh the profile. */
export function useUploadProfileDocument(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentType, file, onProgress, signal }: ProfileUploadVariables) =>
      uploadDocument({ documentType }, file, { onProgress, signal }),
    onSuccess: (change) => applyDocumentChange(queryClient, change, { userId }),
  });
}

/** Profile document types from GET /doc_types; the spec's three when the call fails or answers none. */
export function useDocTypes() {
  const query = useQuery({ queryKey: documentKeys.docTypes, queryFn: listDocTypes, staleTime: 60 * 60_000 });
  const types: readonly ProfileUploadType[] = query.data?.length ? query.data : PROFILE_DOCUMENT_TYPES;
  return { ...query, types };
}
