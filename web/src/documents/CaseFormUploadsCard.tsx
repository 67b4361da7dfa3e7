/**
 * The case form's Documents section (the form's state and uploads: ./CaseFormUploads.tsx): one drop
 * zone per document slot (Amplify UI `DropZone`, with a Browse button over the labelled, visually
 * hidden file input), each chosen file shown with its name, size and type and a Remove button before
 * anything is sent; the upload banner and failures. Its own chunk, loaded after the form's fields, so
 * /case/new stays within its 250 KB.
 *
 * Accessible names: file inputs 'Demographic Sheet', 'Operative Note', 'Miscellaneous Documents';
 * 'Remove {file name}'; progress bars 'Uploading {file name}'.
 */
import { Button, Card, DropZone, Flex, Heading, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { Suspense, lazy, useId, useRef, useState } from 'react';
import { CASE_DOCUMENT_LABELS, CASE_FORM_UPLOAD_EXTENSIONS, uploadProblem } from '../../../shared';
import { DocumentBannerView } from './Banner';
import { acceptOf } from './FilePicker';
import type { CaseFormUploadsState } from './CaseFormUploads';

// Shown only while a file uploads: loaded then.
const ProgressBar = lazy(() => import('./ProgressBar').then((m) => ({ default: m.ProgressBar })));

/** A chosen file's size and type before it is sent: "2.4 MB · PDF" (sizes in 1,000s, as the 100MB limit). */
export function fileFacts(file: Pick<File, 'name' | 'size'>): string {
  const mb = file.size / 1_000_000;
  const size = mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(file.size / 1_000))} KB`;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toUpperCase() ?? 'unknown type';
  return `${size} · ${ext}`;
}

/**
 * One document slot: a drop zone (Amplify UI `DropZone`) with a Browse button over the labelled,
 * visually hidden file input; the chosen files with their size, type and Remove buttons; its error.
 */
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
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Files from the picker or a drop: each checked (type, size) before it is kept; the first refusal shown.
  const take = (chosen: File[]) => {
    const picked = multiple ? chosen : chosen.slice(0, 1);
    const problems = picked.map((f) => uploadProblem(f, CASE_FORM_UPLOAD_EXTENSIONS));
    setProblem(problems.find(Boolean) ?? null);
    const ok = picked.filter((_, i) => !problems[i]);
    if (ok.length) onAdd(ok);
  };
  return (
    <Flex direction="column" gap="xxs">
      <label htmlFor={id} style={{ fontWeight: 600 }}>
        {label}
      </label>
      <Text id={`${id}-hint`} fontSize="small" color="font.tertiary">
        PDF, DOC or DOCX, up to 100MB.{note ? ` ${note}` : ''}
      </Text>
      {/* Amplify UI's drop zone; the labelled input stays for the keyboard, screen readers and tests. */}
      <DropZone
        className="suture-drop-zone"
        isDisabled={disabled}
        onDropComplete={({ acceptedFiles, rejectedFiles }) => take([...acceptedFiles, ...rejectedFiles])}
      >
        <Flex alignItems="center" justifyContent="center" gap="xs" wrap="wrap">
          <Text as="span" fontSize="small">
            {multiple ? 'Drop files here or' : 'Drop a file here or'}
          </Text>
          <Button
            size="small"
            isDisabled={disabled}
            onClick={() => input.current?.click()}
            aria-describedby={`${id}-hint`}
          >
            Browse
            <VisuallyHidden> for {label}</VisuallyHidden>
          </Button>
        </Flex>
        <input
          ref={input}
          id={id}
          type="file"
          className="suture-file-input"
          tabIndex={-1}
          multiple={multiple}
          accept={acceptOf(CASE_FORM_UPLOAD_EXTENSIONS)}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? []);
            e.target.value = '';
            take(chosen);
          }}
        />
      </DropZone>
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
                <Text as="span" fontSize="small" color="font.tertiary">
                  {fileFacts(f)}
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
export default function CaseFormUploadsCard({
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
          <Heading level={2}>Documents (optional)</Heading>
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
