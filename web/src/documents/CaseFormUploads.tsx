/**
 * The case form's optional document uploads (spec provider-side sections 2 and 5):
 * a demographic sheet, an operative note and any number of miscellaneous documents, each picked
 * from pdf, doc or docx only (CASE_FORM_UPLOAD_EXTENSIONS) and checked with `uploadProblem()` on
 * choice. The files are sent only after the case is saved ({@link useCaseFormUploads}.uploadAll):
 * one after the other, each with progress 0..100, confirmed, the case cache updated from each answer.
 * '{document} uploaded successfully!' clears after 5 s (TIMING_MS.formBannerClear); a failure reads
 * 'Failed to upload document: {message}' and the case stays saved.
 *
 * Accessible names: file inputs 'Demographic Sheet', 'Operative Note', 'Miscellaneous Documents';
 * 'Remove {file name}'; progress bars 'Uploading {file name}'.
 */
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useId, useRef, useState } from 'react';
import {
  CASE_DOCUMENT_LABELS,
  CASE_FORM_UPLOAD_EXTENSIONS,
  DOCUMENT_MESSAGES,
  TIMING_MS,
  uploadProblem,
  type CaseDocumentSlot,
} from '../../../shared';
import { DocumentBannerView, useDocumentBanner } from './Banner';
import { acceptOf } from './FilePicker';

// Shown only while a file uploads: loaded then, so /case/new stays within its 250 KB.
const ProgressBar = lazy(() => import('./ProgressBar').then((m) => ({ default: m.ProgressBar })));

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

/** One labelled native file input with its chosen files, their Remove buttons and its error. */
function FileRow({
  label,
  multiple = false,
  files,
  onAdd,
  onRemove,
  note,
  disabled,
  progress,
}: {
  label: string;
  multiple?: boolean;
  files: File[];
  onAdd: (files: File[]) => void;
  onRemove: (file: File) => void;
  note?: string;
  disabled: boolean;
  progress: { file: File; percent: number } | null;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Flex direction="column" gap="xxs">
      <label htmlFor={id} style={{ fontWeight: 600 }}>
        {label}
      </label>
      <Text id={`${id}-hint`} fontSize="small" color="font.tertiary">
        PDF, DOC or DOCX, up to 100MB.{note ? ` ${note}` : ''}
      </Text>
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={acceptOf(CASE_FORM_UPLOAD_EXTENSIONS)}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        style={{ maxWidth: '100%' }}
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          e.target.value = '';
          const problems = chosen.map((f) => uploadProblem(f, CASE_FORM_UPLOAD_EXTENSIONS));
          const first = problems.find(Boolean);
          setProblem(first ?? null);
          const ok = chosen.filter((_, i) => !problems[i]);
          if (ok.length) onAdd(ok);
        }}
      />
      {problem && (
        <Text role="alert" fontSize="small" color="font.error">
          {problem}
        </Text>
      )}
      {files.length > 0 && (
        <ul aria-label={`Chosen ${label}`} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {files.map((f, i) => (
            <li key={`${i}-${f.name}`}>
              <Flex alignItems="center" gap="xs" wrap="wrap">
                <Text as="span" fontSize="small" style={{ wordBreak: 'break-all' }}>
                  {f.name}
                </Text>
                <Button
                  size="small"
                  variation="link"
                  className="suture-touch-target"
                  aria-label={`Remove ${f.name}`}
                  isDisabled={disabled}
                  onClick={() => onRemove(f)}
                >
                  Remove
                </Button>
              </Flex>
              {progress?.file === f && (
                <Suspense fallback={null}>
                  <ProgressBar value={progress.percent} label={`Uploading ${f.name}`} />
                </Suspense>
              )}
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}

/**
 * The form section. `existing` says which slots the case already fills (edit form): a new file
 * then replaces it.
 */
export function CaseFormUploads({
  state,
  disabled,
  existing = { demographic_sheet: false, op_note: false },
}: {
  state: CaseFormUploadsState;
  disabled: boolean;
  existing?: { demographic_sheet: boolean; op_note: boolean };
}) {
  const { pending, setPending, progress, failures, banner, clearBanner } = state;
  const busy = disabled || state.uploading;
  const replaces = 'Replaces the current file.';
  return (
    <Card variation="outlined">
      <fieldset style={{ border: 'none', margin: 0, padding: 0, minWidth: 0 }}>
        <legend>
          <Heading level={2} fontSize="large">
            Documents (optional)
          </Heading>
        </legend>
        <Flex direction="column" gap="medium" marginTop="small">
          <Text fontSize="small">The files are uploaded after the case is saved.</Text>
          <FileRow
            label={CASE_DOCUMENT_LABELS.demographic_sheet}
            files={pending.demographic_sheet ? [pending.demographic_sheet] : []}
            onAdd={([f]) => setPending((p) => ({ ...p, demographic_sheet: f ?? null }))}
            onRemove={() => setPending((p) => ({ ...p, demographic_sheet: null }))}
            note={existing.demographic_sheet ? replaces : undefined}
            disabled={busy}
            progress={progress}
          />
          <FileRow
            label={CASE_DOCUMENT_LABELS.op_note}
            files={pending.op_note ? [pending.op_note] : []}
            onAdd={([f]) => setPending((p) => ({ ...p, op_note: f ?? null }))}
            onRemove={() => setPending((p) => ({ ...p, op_note: null }))}
            note={existing.op_note ? replaces : undefined}
            disabled={busy}
            progress={progress}
          />
          <FileRow
            label="Miscellaneous Documents"
            multiple
            files={pending.misc}
            onAdd={(fs) => setPending((p) => ({ ...p, misc: [...p.misc, ...fs] }))}
            onRemove={(f) => setPending((p) => ({ ...p, misc: p.misc.filter((x) => x !== f) }))}
            disabled={busy}
            progress={progress}
          />
          <DocumentBannerView banner={banner} onDismiss={clearBanner} />
          {failures.length > 0 && (
            <div role="alert">
              <Text fontWeight="bold">Some documents were not uploaded. The case itself is saved.</Text>
              <ul style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
                {failures.map((f, i) => (
                  <li key={`${i}-${f.fileName}`}>
                    <Text as="span" color="font.error">
                      {f.fileName}: {f.text}
                    </Text>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Flex>
      </fieldset>
    </Card>
  );
}
