/**
 * Listeners told when the server rejects the session (spec provider-side section 8, 401): the API
 * client (api.ts) reports, the auth provider signs out. Apart from api.ts so that the app shell
 * does not load the API client on /auth, whose bundle has its own budget (`npm run size:web`).
 */
const listeners = new Set<() => void>();

/** Register `listener`; returns the function that removes it. */
export function onAuthFailure(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tell every listener that the session was rejected. */
export function reportAuthFailure(): void {
  listeners.forEach((l) => l());
}
