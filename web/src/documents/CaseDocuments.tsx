/**
 * The documents of a case on Case Details (spec provider-side section 2):
 * slots for the demographic sheet and the operative note, and the list of miscellaneous documents.
 *
 * - An empty slot offers Upload only; a filled slot offers View (new tab), Download, Replace and
 *   Delete ('Are you sure you want to delete {document}? This action cannot be undone.' in a dialog).
 * - Uploads show progress 0..100 from the real transfer; files are checked before any request.
 * - Banners: '{document} uploaded successfully!', '{document} deleted successfully!', 'Document
 *   opened successfully!', 'Document download started!' (cleared after 3 s on this page), and the
 *   spec's error texts.
 *
 * Accessible names (for tests): 'Upload|View|Download|Replace|Delete Demographic Sheet' (and
 * 'Operative Note'), file inputs 'Demographic Sheet file' / 'Operative Note file' / 'Miscellaneous
 * Document file', 'Upload Miscellaneous Document', per misc item 'View|Download|Delete {file name}',
 * progress bars 'Uploading {document}' with 'Cancel {document} upload'.
 */
import { Badge, Button, Card, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  CASE_DOCUMENT_LABELS,
  DOCUMENT_MESSAGES,
  TIMING_MS,
  UPLOAD_EXTENSIONS,
  fileExtension,
  keyBaseName,
  type CaseDocumentSlot,
} from '../../../shared';
import type { CaseView } from '../cases/api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DocumentBannerView, useDocumentBanner, type DocumentBanner } from './Banner';
import { FilePicker } from './FilePicker';
import { downloadDocument, viewDocument } from './links';
import { ProgressBar } from './ProgressBar';
import { useDeleteCaseDocument, useUploadCaseDocument } from './queries';
import { BusyButton } from '../components/BusyButton';

type ShowBanner = (b: DocumentBanner) => void;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The original file name of `key` (file_keys.file_names), else the key's base name. */
export function documentFileName(key: string, fileNames: Record<string, string>): string {
  return fileNames[key] || keyBaseName(key);
}

const isAbort = (err: unknown) => err instanceof Error && err.name === 'AbortError';

/** Upload into one slot with progress and cancel; banners through `show` (a cancel shows none). */
function useSlotUpload(caseId: string, slot: CaseDocumentSlot, label: string, show: ShowBanner) {
  const upload = useUploadCaseDocument(caseId);
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const start = (file: File) => {
    setProgress(0);
    controller.current = new AbortController();
    upload.mutate(
      { slot, file, onProgress: setProgress, signal: controller.current.signal },
      {
        onSuccess: () => show({ variation: 'success', text: DOCUMENT_MESSAGES.uploaded(label) }),
        onError: (err) => {
          if (!isAbort(err)) show({ variation: 'error', text: DOCUMENT_MESSAGES.uploadCaseFailed(errorText(err)) });
        },
        onSettled: () => setProgress(null),
      },
    );
  };
  const cancel = () => controller.current?.abort();
  return { start, cancel, progress, busy: upload.isPending };
}

/** The progress bar of an upload in flight, with its Cancel button ('Cancel {document} upload'). */
function UploadProgress({
  label,
  progress,
  onCancel,
}: {
  label: string;
  progress: number | null;
  onCancel: () => void;
}) {
  if (progress === null) return null;
  return (
    <Flex alignItems="center" gap="xs">
      <View flex="1">
        <ProgressBar value={progress} label={`Uploading ${label}`} />
      </View>
      <Button
        size="small"
        variation="link"
        className="suture-touch-target"
        aria-label={`Cancel ${label} upload`}
        onClick={onCancel}
      >
        Cancel
      </Button>
    </Flex>
  );
}

/** The read actions of a document: each resolves with its success message. */
const DOCUMENT_ACTIONS = [
  { verb: 'View', act: viewDocument },
  { verb: 'Download', act: downloadDocument },
] as const;

/** View and Download buttons plus the action runner (banners through `show`). */
function ViewDownload({
  fileKey,
  fileName,
  name,
  show,
  disabled,
}: {
  fileKey: string;
  fileName: string;
  /** What the buttons' accessible names end with: the slot label or the file name. */
  name: string;
  show: ShowBanner;
  disabled?: boolean;
}) {
  const run = (action: Promise<string>) =>
    action.then(
      (text) => show({ variation: 'success', text }),
      (err: unknown) => show({ variation: 'error', text: errorText(err) }),
    );
  return (
    <>
      {DOCUMENT_ACTIONS.map(({ verb, act }) => (
        <Button
          key={verb}
          size="small"
          className="suture-touch-target"
          aria-label={`${verb} ${name}`}
          isDisabled={disabled}
          // Called in the click itself so that View's new tab is not taken for an unwanted popup.
          onClick={() => void run(act(fileKey, fileName))}
        >
          {verb}
        </Button>
      ))}
    </>
  );
}

/** Delete button + confirm dialog for one document. */
function DeleteDocument({
  caseId,
  fileKey,
  name,
  show,
  disabled,
}: {
  caseId: string;
  fileKey: string;
  /** '{document}' of the messages: the slot label or the file name. */
  name: string;
  show: ShowBanner;
  disabled?: boolean;
}) {
  const remove = useDeleteCaseDocument(caseId);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <BusyButton
        size="small"
        variation="destructive"
        className="suture-touch-target"
        aria-label={`Delete ${name}`}
        isDisabled={disabled}
        busy={remove.isPending}
        busyText="Deleting..."
        onClick={() => setAsking(true)}
      >
        Delete
      </BusyButton>
      <ConfirmDialog
        open={asking}
        title="Delete document"
        message={DOCUMENT_MESSAGES.deleteConfirm(name)}
        confirmLabel="Delete"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          remove.mutate(fileKey, {
            onSuccess: () => show({ variation: 'success', text: DOCUMENT_MESSAGES.deleted(name) }),
            onError: (err) => show({ variation: 'error', text: DOCUMENT_MESSAGES.deleteCaseFailed(errorText(err)) }),
          });
        }}
      />
    </>
  );
}

function ExtensionTag({ fileName }: { fileName: string }) {
  const ext = fileExtension(fileName);
  if (!ext) return null;
  return (
    <Badge size="small" aria-hidden="true">
      {ext.toUpperCase()}
    </Badge>
  );
}

export interface DocumentSlotProps {
  caseId: string;
  slot: 'demographic_sheet' | 'op_note';
  /** Storage key of the document, '' when the slot is empty. */
  fileKey: string;
  /** Original file name of the document (shown), '' when unknown. */
  fileName: string;
  show: ShowBanner;
}

/**
 * When `documents` changes (an upload or a delete finished) and keyboard focus has fallen to the
 * page (the pressed button was disabled while busy, then replaced), put it on the first enabled
 * button of `actions` instead.
 */
function useFocusActionsAfterChange(actions: RefObject<HTMLElement | null>, documents: string) {
  const previous = useRef(documents);
  useEffect(() => {
    if (previous.current === documents) return;
    previous.current = documents;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    actions.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [actions, documents]);
}

/** One document slot: empty -> Upload; present -> View, Download, Replace, Delete. */
export function DocumentSlot({ caseId, slot, fileKey, fileName, show }: DocumentSlotProps) {
  const label = CASE_DOCUMENT_LABELS[slot];
  const upload = useSlotUpload(caseId, slot, label, show);
  const present = fileKey !== '';
  const shownName = fileName || keyBaseName(fileKey);
  const actions = useRef<HTMLDivElement>(null);
  useFocusActionsAfterChange(actions, fileKey);
  const picker = (text: 'Upload' | 'Replace') => (
    <FilePicker
      buttonLabel={`${text} ${label}`}
      inputLabel={`${label} file`}
      extensions={UPLOAD_EXTENSIONS}
      onFile={upload.start}
      onProblem={(text) => show({ variation: 'error', text })}
      isDisabled={upload.busy}
      size="small"
      variation={text === 'Upload' ? 'primary' : undefined}
    >
      {text}
    </FilePicker>
  );
  return (
    <Card variation="outlined" padding="medium" data-slot={slot}>
      <Flex direction="column" gap="small">
        <Heading level={3}>{label}</Heading>
        {present ? (
          <Flex alignItems="center" gap="xs" wrap="wrap">
            <ExtensionTag fileName={shownName} />
            <Text as="span" style={{ wordBreak: 'break-all' }} data-testid={`${slot}-file-name`}>
              {shownName}
            </Text>
          </Flex>
        ) : (
          <Text as="span" color="font.tertiary">
            Not uploaded yet
          </Text>
        )}
        <UploadProgress label={label} progress={upload.progress} onCancel={upload.cancel} />
        <Flex gap="xs" wrap="wrap" ref={actions}>
          {present ? (
            <>
              <ViewDownload fileKey={fileKey} fileName={shownName} name={label} show={show} disabled={upload.busy} />
              {picker('Replace')}
              <DeleteDocument caseId={caseId} fileKey={fileKey} name={label} show={show} disabled={upload.busy} />
            </>
          ) : (
            picker('Upload')
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

/** The miscellaneous documents: each with View, Download, Delete; an Upload button adds one. */
export function MiscDocuments({
  caseId,
  keys,
  fileNames,
  show,
}: {
  caseId: string;
  keys: readonly string[];
  fileNames: Record<string, string>;
  show: ShowBanner;
}) {
  const label = CASE_DOCUMENT_LABELS.misc;
  const upload = useSlotUpload(caseId, 'misc', label, show);
  const uploadArea = useRef<HTMLDivElement>(null);
  useFocusActionsAfterChange(uploadArea, keys.join('\n'));
  return (
    <Card variation="outlined" padding="medium" data-slot="misc">
      <Flex direction="column" gap="small">
        <Heading level={3}>Miscellaneous Documents</Heading>
        {keys.length === 0 ? (
          <Text color="font.tertiary">No miscellaneous documents.</Text>
        ) : (
          <ul aria-label="Miscellaneous documents" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {keys.map((key) => {
              const name = documentFileName(key, fileNames);
              return (
                <li
                  key={key}
                  style={{ padding: '0.5rem 0', borderTop: '1px solid var(--amplify-colors-border-secondary)' }}
                >
                  <Flex alignItems="center" gap="xs" wrap="wrap">
                    <ExtensionTag fileName={name} />
                    <Text as="span" flex="1 1 10rem" style={{ wordBreak: 'break-all' }}>
                      {name}
                    </Text>
                    <Flex gap="xs" wrap="wrap">
                      <ViewDownload fileKey={key} fileName={name} name={name} show={show} />
                      <DeleteDocument caseId={caseId} fileKey={key} name={name} show={show} />
                    </Flex>
                  </Flex>
                </li>
              );
            })}
          </ul>
        )}
        <UploadProgress label={label} progress={upload.progress} onCancel={upload.cancel} />
        <View ref={uploadArea}>
          <FilePicker
            buttonLabel={`Upload ${label}`}
            inputLabel={`${label} file`}
            extensions={UPLOAD_EXTENSIONS}
            onFile={upload.start}
            onProblem={(text) => show({ variation: 'error', text })}
            isDisabled={upload.busy}
            size="small"
          >
            Upload
          </FilePicker>
        </View>
      </Flex>
    </Card>
  );
}

/** The Documents section of Case Details, with its own banner (success clears after 3 s). */
export function CaseDocuments({ c }: { c: CaseView }) {
  const [banner, show, clear] = useDocumentBanner(TIMING_MS.detailBannerClear);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const keys = c.file_keys;
  const demo = c.demo_file || keys.demographic_sheet;
  const note = c.note_file || keys.op_note;
  return (
    <section aria-labelledby="case-documents-heading">
      <Flex direction="column" gap="small">
        <Heading level={2} id="case-documents-heading" ref={headingRef} tabIndex={-1}>
          Documents
        </Heading>
        <DocumentBannerView banner={banner} onDismiss={clear} focusOnDismiss={headingRef} />
        <div
          style={{
            display: 'grid',
            gap: '0.75rem',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
          }}
        >
          <DocumentSlot
            caseId={c.case_id}
            slot="demographic_sheet"
            fileKey={demo}
            fileName={demo ? documentFileName(demo, keys.file_names) : ''}
            show={show}
          />
          <DocumentSlot
            caseId={c.case_id}
            slot="op_note"
            fileKey={note}
            fileName={note ? documentFileName(note, keys.file_names) : ''}
            show={show}
          />
        </div>
        <MiscDocuments caseId={c.case_id} keys={keys.misc_documents} fileNames={keys.file_names} show={show} />
      </Flex>
    </section>
  );
}
