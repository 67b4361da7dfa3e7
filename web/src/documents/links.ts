/**
 * View and Download of a stored document (spec provider-side sections 2 and 8).
 *
 * - View: a new tab is opened synchronously in the click (so popup blockers allow it), then pointed
 *   at the signed inline link of GET /document. A blocked popup gives the spec's message.
 * - Download: the signed attachment link is followed by a hidden link; the server's
 *   Content-Disposition makes the browser save the file without leaving the page.
 *
 * Each resolves with the success text ('Document opened successfully!' / 'Document download
 * started!') or rejects with a {@link DocumentActionError} whose message is ready to show.
 */
import { DOCUMENT_MESSAGES } from '../../../shared';
import { apiErrorMessage, type ErrorScreen } from '../lib/apiErrors';
import { getDocumentLink } from './api';

export class DocumentActionError extends Error {
  override name = 'DocumentActionError';
}

/** Which messages to use: the case screens' detailed ones, or the profile screen's two. */
export type DocumentMessageSet = 'case' | 'profile';

/** The error-table entries of each set's View and Download (provider-side section 8 "Cases", "Profile screens"). */
const LINK_ERRORS: Record<DocumentMessageSet, Record<'view' | 'download', ErrorScreen>> = {
  case: { view: 'caseDocumentView', download: 'caseDocumentDownload' },
  profile: { view: 'profileDocumentView', download: 'profileDocumentDownload' },
};

/** The browser parts these actions use (tests pass fakes). */
export interface BrowserPort {
  open: (url: string, target: string) => Window | null;
  /** Follow `url` as a download without leaving the page. */
  download: (url: string, fileName: string) => void;
}

const browser: BrowserPort = {
  open: (url, target) => window.open(url, target),
  download: (url, fileName) => {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  },
};

/**
 * Open a document in a new tab. Call it directly from the click handler (the tab is opened before
 * any await). Resolves with 'Document opened successfully!'.
 */
export async function viewDocument(
  key: string,
  fileName: string,
  set: DocumentMessageSet = 'case',
  port: BrowserPort = browser,
): Promise<string> {
  const tab = port.open('', '_blank');
  if (!tab) throw new DocumentActionError(DOCUMENT_MESSAGES.popupBlocked);
  try {
    // The new tab must not reach back into this one (what rel=noopener would do).
    tab.opener = null;
  } catch {
    /* some browsers make it read-only: harmless */
  }
  try {
    const link = await getDocumentLink(key, 'inline');
    tab.location.href = link.url;
    return DOCUMENT_MESSAGES.opened;
  } catch (err) {
    tab.close();
    throw new DocumentActionError(apiErrorMessage(LINK_ERRORS[set].view, err, fileName));
  }
}

/** Download a document (signed attachment link). Resolves with 'Document download started!'. */
export async function downloadDocument(
  key: string,
  fileName: string,
  set: DocumentMessageSet = 'case',
  port: BrowserPort = browser,
): Promise<string> {
  try {
    const link = await getDocumentLink(key, 'attachment');
    port.download(link.url, link.file_name || fileName);
    return DOCUMENT_MESSAGES.downloadStarted;
  } catch (err) {
    throw new DocumentActionError(apiErrorMessage(LINK_ERRORS[set].download, err, fileName));
  }
}
