/**
 * What jsdom lacks and the SPA's libraries expect, for React component tests
 * (`@jest-environment jsdom`). Import it before react-router: `import './support/dom-env';`.
 * - TextEncoder/TextDecoder (react-router);
 * - window.matchMedia (Amplify UI breakpoints, web/src/components/useMediaQuery.ts), always "no
 *   match" (the base breakpoint, a phone) until a test calls {@link setViewport};
 * - HTMLDialogElement.showModal/close (ConfirmDialog), toggling the `open` attribute;
 * - MessageChannel and BroadcastChannel (react-idle-timer's cross-tab sync), Node's own.
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { BroadcastChannel, MessageChannel } from 'node:worker_threads';

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof globalThis.MessageChannel === 'undefined') Object.assign(globalThis, { MessageChannel });
if (typeof globalThis.BroadcastChannel === 'undefined') Object.assign(globalThis, { BroadcastChannel });

/** The change listeners of the stand-in's media query lists, with their queries. */
const mediaListeners = new Set<{ query: string; listener: (event: MediaQueryListEvent) => void }>();

/** Whether `query` matches in `kind`: desktop matches every min-width query, a phone none. */
const matchesIn = (kind: 'desktop' | 'phone', query: string) => kind === 'desktop' && !query.includes('max-width');

if (typeof window !== 'undefined') {
  if (!window.matchMedia) setViewport('phone');
  const proto = window.HTMLDialogElement?.prototype;
  if (proto && !proto.showModal) {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  }
}

/**
 * The viewport Amplify UI's breakpoints and the SPA's own media queries see: 'desktop' (every
 * min-width query matches) or 'phone' (none matches: the base breakpoint). Call it before
 * rendering, or (inside `act`) on a rendered screen: the queries whose result changed notify their
 * `change` listeners, as a browser does when the window is resized across a breakpoint (Amplify
 * UI's breakpoints do not go back to `base`, which no query of the stand-in matches).
 */
export function setViewport(kind: 'desktop' | 'phone') {
  const previous = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: matchesIn(kind, query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        mediaListeners.add({ query, listener });
      },
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        for (const entry of mediaListeners)
          if (entry.listener === listener && entry.query === query) mediaListeners.delete(entry);
      },
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  if (!previous) return;
  for (const { query, listener } of [...mediaListeners]) {
    const matches = matchesIn(kind, query);
    if (previous(query).matches !== matches) listener({ matches, media: query } as MediaQueryListEvent);
  }
}
