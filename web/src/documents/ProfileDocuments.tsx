/**
 * Profile documents on /update-profile (spec provider-side sections 2, 4, 5, 8):
 * a Document Type select (types from GET /doc_types; none chosen = `profile_document`), a file
 * picker (pdf, doc, docx, jpg, jpeg, png), the upload with progress, and the profile's documents
 * with View (new tab) and Download. A new document replaces the one of the same type (the server
 * does it); the profile query is refreshed from the answer.
 *
 * Messages: '{document} uploaded successfully!' (3 s), 'Failed to upload document: {message}',
 * 'Failed to view document. Please try again.', 'Failed to download document. Please try again.'
 * (errors clear after 5 s).
 *
 * Accessible names: select 'Document Type', button 'Upload Document', file input 'Profile document
 * file', progress 'Uploading profile document', per document 'View {file name}' / 'Download {file name}'.
 */
import { Button, Card, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useRef, useState } from 'react';
import {
  DEFAULT_PROFILE_DOCUMENT_TYPE,
  DOCUMENT_MESSAGES,
  TIMING_MS,
  keyBaseName,
  type Profile,
  type ProfileUploadType,
} from '../../../shared';
import { DocumentBannerView, useDocumentBanner } from './Banner';
import { FilePicker } from './FilePicker';
import { downloadDocument, viewDocument } from './links';
import { ProgressBar } from './ProgressBar';
import { useDocTypes, useUploadProfileDocument } from './queries';

/** Extensions the profile screen's own picker offers (spec provider-side section 5). */
export const PROFILE_PICKER_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;

/** Display name of a profile document type ('profile_document' reads 'Profile document'). */
export function documentTypeLabel(type: string): string {
  return type === DEFAULT_PROFILE_DOCUMENT_TYPE || type === '' ? 'Profile document' : type;
}

/** One entry of `documents` as shown: its type, key and original file name (or the key's base name). */
export function profileDocumentRows(documents: Profile['documents']) {
  return documents
    .filter((d) => typeof d?.document_name === 'string' && d.document_name !== '')
    .map((d) => {
      const fileName = (d as { file_name?: unknown }).file_name;
      return {
        type: documentTypeLabel(d.document_type ?? ''),
        key: d.document_name,
        fileName: typeof fileName === 'string' && fileName ? fileName : keyBaseName(d.document_name),
      };
    });
}

export function ProfileDocuments({ userId, documents }: { userId: string; documents: Profile['documents'] }) {
  const { types } = useDocTypes();
  const [type, setType] = useState<'' | ProfileUploadType>('');
  const [progress, setProgress] = useState<number | null>(null);
  const [banner, show, clear] = useDocumentBanner(TIMING_MS.profileSuccessMessage, TIMING_MS.formBannerClear);
  // Where keyboard focus goes when an error banner is dismissed.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const upload = useUploadProfileDocument(userId);
  const rows = profileDocumentRows(documents);

  const start = (file: File) => {
    const documentType: ProfileUploadType = type || DEFAULT_PROFILE_DOCUMENT_TYPE;
    setProgress(0);
    upload.mutate(
      { documentType, file, onProgress: setProgress },
      {
        onSuccess: () =>
          show({ variation: 'success', text: DOCUMENT_MESSAGES.uploaded(documentTypeLabel(documentType)) }),
        onError: (err) =>
          show({
            variation: 'error',
            text: DOCUMENT_MESSAGES.uploadCaseFailed(err instanceof Error ? err.message : String(err)),
          }),
        onSettled: () => setProgress(null),
      },
    );
  };
  const run = (action: Promise<string>) =>
    action.then(
      (text) => show({ variation: 'success', text }),
      (err: unknown) => show({ variation: 'error', text: err instanceof Error ? err.message : String(err) }),
    );

  return (
    <Card variation="elevated" width="100%" maxWidth="48rem">
      <section aria-labelledby="profile-documents-heading">
        <Flex direction="column" gap="1rem">
          <Heading level={2} id="profile-documents-heading" ref={headingRef} tabIndex={-1}>
            Documents
          </Heading>
          <Text fontSize="small" color="font.secondary">
            CV or resume, malpractice insurance, licenses. A new document replaces the one of the same type.
          </Text>
          <Flex gap="0.75rem" wrap="wrap" alignItems="flex-end">
            <SelectField
              flex="1 1 14rem"
              label="Document Type"
              value={type}
              isDisabled={upload.isPending}
              onChange={(e) => setType(e.target.value as '' | ProfileUploadType)}
            >
              <option value="">Other profile document</option>
              {types
                .filter((t) => t !== DEFAULT_PROFILE_DOCUMENT_TYPE)
                .map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
            </SelectField>
            <FilePicker
              buttonLabel="Upload Document"
              inputLabel="Profile document file"
              extensions={PROFILE_PICKER_EXTENSIONS}
              onFile={start}
              onProblem={(text) => show({ variation: 'error', text })}
              isDisabled={upload.isPending}
            />
          </Flex>
          <Text fontSize="small" color="font.tertiary">
            PDF, DOC, DOCX, JPG or PNG, up to 100MB.
          </Text>
          {progress !== null && <ProgressBar value={progress} label="Uploading profile document" />}
          <DocumentBannerView banner={banner} onDismiss={clear} focusOnDismiss={headingRef} />
          {rows.length === 0 ? (
            <Text color="font.tertiary">No documents uploaded yet.</Text>
          ) : (
            <ul aria-label="Profile documents" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
              {rows.map((r) => (
                <li
                  key={r.key}
                  style={{ padding: '0.5rem 0', borderTop: '1px solid var(--amplify-colors-border-secondary)' }}
                >
                  <Flex alignItems="center" gap="xs" wrap="wrap">
                    <Flex direction="column" gap="0" flex="1 1 12rem">
                      <Text as="span" fontWeight="bold">
                        {r.type}
                      </Text>
                      <Text as="span" fontSize="small" style={{ wordBreak: 'break-all' }}>
                        {r.fileName}
                      </Text>
                    </Flex>
                    <Button
                      size="small"
                      className="suture-touch-target"
                      aria-label={`View ${r.fileName}`}
                      onClick={() => void run(viewDocument(r.key, r.fileName, 'profile'))}
                    >
                      View
                    </Button>
                    <Button
                      size="small"
                      className="suture-touch-target"
                      aria-label={`Download ${r.fileName}`}
                      onClick={() => void run(downloadDocument(r.key, r.fileName, 'profile'))}
                    >
                      Download
                    </Button>
                  </Flex>
                </li>
              ))}
            </ul>
          )}
        </Flex>
      </section>
    </Card>
  );
}
