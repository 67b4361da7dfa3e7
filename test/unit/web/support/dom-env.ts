/**
 * What jsdom lacks and the SPA's libraries expect, for React component tests
 * (`@jest-environment jsdom`). Import it before react-router: `import './support/dom-env';`.
 * - TextEncoder/TextDecoder (react-router);
 * - window.matchMedia (Amplify UI breakpoints), always "no match";
 * - HTMLDialogElement.showModal/close (ConfirmDialog), toggling the `open` attribute;
 * - MessageChannel and BroadcastChannel (react-idle-timer's cross-tab sync), Node's own.
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { BroadcastChannel, MessageChannel } from 'node:worker_threads';

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof globalThis.MessageChannel === 'undefined') Object.assign(globalThis, { MessageChannel });
if (typeof globalThis.BroadcastChannel === 'undefined') Object.assign(globalThis, { BroadcastChannel });

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
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
