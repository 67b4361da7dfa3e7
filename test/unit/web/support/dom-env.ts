/**
 * What jsdom lacks and the SPA's libraries expect, for React component tests
 * (`@jest-environment jsdom`). Import it before react-router: `import './support/dom-env';`.
 * - TextEncoder/TextDecoder (react-router);
 * - window.matchMedia (Amplify UI breakpoints), always "no match" (the base breakpoint, a phone)
 *   until a test calls {@link setViewport};
 * - HTMLDialogElement.showModal/close (ConfirmDialog), toggling the `open` attribute;
 * - MessageChannel and BroadcastChannel (react-idle-timer's cross-tab sync), Node's own.
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { BroadcastChannel, MessageChannel } from 'node:worker_threads';

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof globalThis.MessageChannel === 'undefined') Object.assign(globalThis, { MessageChannel });
if (typeof globalThis.BroadcastChannel === 'undefined') Object.assign(globalThis, { BroadcastChannel });

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
 * The viewport Amplify UI's breakpoints see: 'desktop' (every min-width query matches) or 'phone'
 * (none matches: the base breakpoint). Call it before rendering.
 */
export function setViewport(kind: 'desktop' | 'phone') {
  window.matchMedia = (query: string) =>
    ({
      matches: kind === 'desktop' && !query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
