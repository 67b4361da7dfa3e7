/**
 * The document screens' banner (spec provider-side sections 4 and 9): a success text that clears
 * itself after `successMs` (3 s on Case Details, 5 s in the case form: TIMING_MS.detailBannerClear /
 * formBannerClear) or an error that stays until dismissed or replaced.
 */
import { Alert } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { DismissibleError } from '../components/DismissibleError';

export type DocumentBanner = { variation: 'success' | 'error'; text: string };

/**
 * `[banner, show, clear]`; a success banner clears itself after `successMs` ms, an error banner
 * after `errorMs` ms when given (else it stays until dismissed or replaced).
 */
export function useDocumentBanner(successMs: number, errorMs?: number) {
  const [banner, setBanner] = useState<(DocumentBanner & { id: number }) | null>(null);
  useEffect(() => {
    if (!banner) return undefined;
    const ms = banner.variation === 'success' ? successMs : errorMs;
    if (ms === undefined) return undefined;
    const timer = setTimeout(() => setBanner(null), ms);
    return () => clearTimeout(timer);
  }, [banner, successMs, errorMs]);
  const show = useCallback((b: DocumentBanner) => setBanner({ ...b, id: Date.now() + Math.random() }), []);
  const clear = useCallback(() => setBanner(null), []);
  return [banner, show, clear] as const;
}

/**
 * The banner: an alert (error, dismissible) or a polite status (success). `focusOnDismiss`: where
 * keyboard focus goes when the error is dismissed (its Dismiss button goes away with it).
 */
export function DocumentBannerView({
  banner,
  onDismiss,
  focusOnDismiss,
}: {
  banner: DocumentBanner | null;
  onDismiss: () => void;
  focusOnDismiss?: RefObject<HTMLElement | null>;
}) {
  if (!banner) return null;
  return banner.variation === 'error' ? (
    <DismissibleError onDismiss={onDismiss} focusOnDismiss={focusOnDismiss}>
      {banner.text}
    </DismissibleError>
  ) : (
    <Alert variation="success" role="status">
      {banner.text}
    </Alert>
  );
}
