/**
 * What jsdom lacks and the SPA's libraries expect, for React component tests
 * (`@jest-environment jsdom`). Import it before react-router: `import './support/dom-env';`.
 * - TextEncoder/TextDecoder (react-router);
 * - window.matchMedia (Amplify UI breakpoints, web/src/components/useMediaQuery.ts), always "no
 *   match" (the base breakpoint, a phone) until a test calls {@link setViewport};
 * - HTMLDialogElement.showModal/close (ConfirmDialog), toggling the `open` attribute;
 * - MessageChannel and BroadcastChannel (react-idle-timer's cross-tab sync), Node's own.
 * A test that checks where keyboard focus goes around a dialog calls {@link browserModalDialogs}, one
 * around a button that a busy state disables {@link browserFocusFixup}.
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { BroadcastChannel } from 'node:worker_threads';
import { UnrefMessageChannel } from './unref-message-channel';

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof globalThis.MessageChannel === 'undefined')
  Object.assign(globalThis, { MessageChannel: UnrefMessageChannel });
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

let undoModalDialogs: (() => void) | undefined;
if (typeof afterEach === 'function')
  afterEach(() => {
    undoModalDialogs?.();
    undoModalDialogs = undefined;
  });

/**
 * Focus around modal dialogs as browsers handle it, for the rest of the current test: the page
 * behind an open modal dialog cannot take focus (it is inert), nor can anything inside a closed
 * dialog (not rendered), and closing a dialog returns focus to the element that had it when it opened.
 */
export function browserModalDialogs(): void {
  const dialogProto = HTMLDialogElement.prototype;
  const { showModal, close } = dialogProto;
  const { focus } = HTMLElement.prototype;
  const openers = new Map<HTMLDialogElement, Element | null>();
  dialogProto.showModal = function (this: HTMLDialogElement) {
    openers.set(this, document.activeElement);
    showModal.call(this);
  };
  dialogProto.close = function (this: HTMLDialogElement) {
    const opener = openers.get(this);
    openers.delete(this);
    close.call(this);
    (opener as HTMLElement | null | undefined)?.focus();
  };
  HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
    if ([...openers.keys()].some((dialog) => !dialog.contains(this))) return;
    const dialog = this.closest('dialog');
    if (dialog && !dialog.hasAttribute('open')) return;
    focus.call(this, options);
  };
  undoModalDialogs?.();
  undoModalDialogs = () => {
    Object.assign(dialogProto, { showModal, close });
    HTMLElement.prototype.focus = focus;
  };
}

let undoFocusFixup: (() => void) | undefined;
if (typeof afterEach === 'function')
  afterEach(() => {
    undoFocusFixup?.();
    undoFocusFixup = undefined;
  });

/**
 * The browsers' focus fixup, for the rest of the current test: a focused control that becomes
 * disabled loses focus to the page (jsdom leaves it focused). Like a browser, it happens after the
 * change, not during it (here: in the mutation observer's microtask).
 */
export function browserFocusFixup(): void {
  const observer = new MutationObserver(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active?.matches(':disabled')) return;
    // jsdom's blur() ignores an element it no longer counts as focusable: enable it for the call.
    active.removeAttribute('disabled');
    active.blur();
    active.setAttribute('disabled', '');
  });
  observer.observe(document, { attributes: true, attributeFilter: ['disabled'], subtree: true });
  undoFocusFixup?.();
  undoFocusFixup = () => observer.disconnect();
}
