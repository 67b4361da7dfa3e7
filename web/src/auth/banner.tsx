/** The message banner of the sign-in screen's forms (errors as alerts, others as status). */
import { Alert } from '@aws-amplify/ui-react';

export interface Banner {
  variation: 'error' | 'success' | 'info';
  heading?: string;
  text: string;
}

export function BannerView({ banner }: { banner: Banner | null }) {
  if (!banner) return null;
  return (
    <Alert
      variation={banner.variation}
      heading={banner.heading}
      role={banner.variation === 'error' ? 'alert' : 'status'}
    >
      {banner.text}
    </Alert>
  );
}
