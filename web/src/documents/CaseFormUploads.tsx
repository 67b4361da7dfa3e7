/**
 * The case form's optional document uploads (spec provider-side sections 2 and 5):
 * a demographic sheet, an operative note and any number of miscellaneous documents, each picked
 * from pdf, doc or docx only (CASE_FORM_UPLOAD_EXTENSIONS) and checked with `uploadProblem()` on
 * choice. The files are sent only after the case is saved ({@link useCaseFormUploads}.uploadAll):
 * one after the other, each with progress 0..100, confirmed, the case cache updated from each answer.
 * '{document} uploaded successfully!' clears after 5 s (TIMING_MS.formBannerClear); a failure reads
 * 'Failed to upload document: {message}' and the case stays saved.
 * The section on screen (drop zones, chosen files): ./CaseFormUploadsCard.tsx.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { CASE_DOCUMENT_LABELS, DOCUMENT_MESSAGES, TIMING_MS, type CaseDocumentSlot } from '../../../shared';
import { useDocumentBanner } from './Banner';

/** Files chosen in the form, not yet sent. */
export interface PendingUploads {
  demographic_sheet: File | null;
  op_note: File | null;
  misc: File[];
}

const NO_FILES: PendingUploads = { demographic_sheet: null, op_note: null, misc: [] };

/** One file to send, in the order they are sent (demographic sheet, operative note, misc). */
export interface UploadItem {
  slot: CaseDocumentSlot;
  file: File;
}

/** The files of `pending` in sending order. */
export function uploadItems(pending: PendingUploads): UploadItem[] {
  const items: UploadItem[] = [];
  if (pending.demographic_sheet) items.push({ slot: 'demographic_sheet', file: pending.demographic_sheet });
  if (pending.op_note) items.push({ slot: 'op_note', file: pending.op_note });
  for (const file of pending.misc) items.push({ slot: 'misc', file });
  return items;
}

export interface UploadFailure {
  slot: CaseDocumentSlot;
  fileName: string;
  /** 'Failed to upload document: {message}'. */
  text: string;
}

/**
 * State and the send step of the form's uploads. `uploadAll(caseId)` resolves with the failures
 * ([] when every file was attached); it never rejects. Sent files leave `pending`.
 */
/** The PendingUploads in `value` (as kept with a case form draft), or none. */
function asPendingUploads(value: unknown): PendingUploads {
  const v = value as Partial<PendingUploads> | null | undefined;
  if (!v || typeof v !== 'object' || !Array.isArray(v.misc)) return NO_FILES;
  return { demographic_sheet: v.demographic_sheet ?? null, op_note: v.op_note ?? null, misc: [...v.misc] };
}

/** `initial`: files chosen before (the case form's draft kept them while a surgeon or facility was added). */
export function useCaseFormUploads(initial?: unknown) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingUploads>(() => asPendingUploads(initial));
  const [progress, setProgress] = useState<{ file: File; percent: number } | null>(null);
  const [failures, setFailures] = useState<UploadFailure[]>([]);
  const [uploading, setUploading] = useState(false);
  const [banner, show, clearBanner] = useDocumentBanner(TIMING_MS.formBannerClear);
  const running = useRef(false);

  const uploadAll = useCallback(
    async (caseId: string): Promise<UploadFailure[]> => {
      if (running.current) return [];
      running.current = true;
      setUploading(true);
      setFailures([]);
      const failed: UploadFailure[] = [];
      for (const { slot, file } of uploadItems(pending)) {
        setProgress({ file, percent: 0 });
        try {
          // Loaded on the first file sent, not with the form (the route's size budget, docs/figures.md).
          const { applyDocumentChange, uploadDocument } = await import('./queries');
          const change = await uploadDocument({ caseId, slot }, file, {
            onProgress: (percent) => setProgress({ file, percent }),
          });
          await applyDocumentChange(queryClient, change, { caseId });
          show({ variation: 'success', text: DOCUMENT_MESSAGES.uploaded(CASE_DOCUMENT_LABELS[slot]) });
          setPending((p) =>
            slot === 'misc'
              ? { ...p, misc: p.misc.filter((f) => f !== file) }
              : { ...p, [slot]: p[slot] === file ? null : p[slot] },
          );
        } catch (err) {
          failed.push({
            slot,
            fileName: file.name,
            text: DOCUMENT_MESSAGES.uploadCaseFailed(err instanceof Error ? err.message : String(err)),
          });
        }
      }
      setProgress(null);
      setFailures(failed);
      setUploading(false);
      running.current = false;
      return failed;
    },
    [pending, queryClient, show],
  );

  return {
    pending,
    setPending,
    progress,
    failures,
    uploading,
    banner,
    clearBanner,
    uploadAll,
    hasFiles: uploadItems(pending).length > 0,
  };
}

export type CaseFormUploadsState = ReturnType<typeof useCaseFormUploads>;
