/**
 * What jsdom lacks and the SPA's libraries expect, for React component tests
 * (`@jest-environment jsdom`). Import it before react-router: `import './support/dom-env';`.
 * - TextEncoder/TextDecoder (react-router);
 * - window.matchMedia (Amplify UI breakpoints), always "no match";
 * - HTMLDialogElement.showModal/close (ConfirmDialog), toggling the `open` attribute.
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

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
