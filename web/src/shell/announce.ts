/**
 * Screen-reader announcements that outlive a page change (back-office-and-shell section 2
 * "Navigation": "Sign Out clears the session, announces sign-out and goes to /").
 *
 * The message goes into one polite live region appended to <body>, outside the React tree, so it
 * survives the route change and the header's unmount that follow a sign-out; it is visually
 * hidden and emptied after {@link ANNOUNCE_CLEAR_MS}. Loaded with the signed-in header only.
 */

/** Announced when the user signs out. */
export const SIGNED_OUT_ANNOUNCEMENT = 'You have been signed out.';

/** How long an announcement stays in the live region (milliseconds). */
export const ANNOUNCE_CLEAR_MS = 7000;

const REGION_ID = 'suture-announcer';
let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** The live region (created on first use): role status, polite, visually hidden. */
function region(): HTMLElement {
  let el = document.getElementById(REGION_ID);
  if (!el) {
    el = document.createElement('div');
    el.id = REGION_ID;
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    Object.assign(el.style, {
      position: 'absolute',
      width: '1px',
      height: '1px',
      margin: '-1px',
      padding: '0',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
      border: '0',
    });
    document.body.appendChild(el);
  }
  return el;
}

/** Announce `text` politely (a live region that already exists is read reliably, so text is set after it). */
export function announce(text: string): void {
  const el = region();
  el.textContent = '';
  clearTimeout(clearTimer);
  setTimeout(() => {
    el.textContent = text;
    clearTimer = setTimeout(() => {
      el.textContent = '';
    }, ANNOUNCE_CLEAR_MS);
  }, 50);
}
