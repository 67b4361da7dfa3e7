/**
 * The dismissible beta-testing notice (spec provider-side section 1, back-office-and-shell
 * section 1): asks users to keep backup copies of important information. Dismissal is stored
 * permanently in the browser (localStorage key {@link BETA_NOTICE_KEY}); where storage is not
 * available it lasts until the page is reloaded. Below 768 px it is one line at most 48 px tall
 * (the text cut with an ellipsis, a tap shows it whole), so a phone keeps its first screen for the
 * page (web/src/theme/global.css).
 */
import { Alert } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { UI_MESSAGES } from '../../../shared/messages';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '../components/useMediaQuery';

/** Browser storage key of the dismissal flag ('1' once dismissed). */
export const BETA_NOTICE_KEY = 'suture.betaNoticeDismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(BETA_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}

export function BetaNotice() {
  const [dismissed, setDismissed] = useState(readDismissed);
  const [expanded, setExpanded] = useState(false);
  const compact = !useMediaQuery(MEDIUM_SCREEN_QUERY);
  if (dismissed) return null;
  const dismiss = () => {
    // The Dismiss button goes away with the notice: keep keyboard focus on the page, at its main
    // region (AppLayout's #main, right below the notice).
    document.getElementById('main')?.focus();
    setDismissed(true);
    try {
      window.localStorage.setItem(BETA_NOTICE_KEY, '1');
    } catch {
      /* storage unavailable: dismissed for this page view only */
    }
  };
  return (
    <Alert
      variation="warning"
      isDismissible
      onDismiss={dismiss}
      heading="Beta testing"
      role="status"
      className="suture-beta-notice"
    >
      {compact ? (
        <button
          type="button"
          className="suture-beta-text"
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {UI_MESSAGES.betaNotice}
        </button>
      ) : (
        UI_MESSAGES.betaNotice
      )}
    </Alert>
  );
}
