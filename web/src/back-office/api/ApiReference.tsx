/**
 * The API description rendered by Redoc (a maintained OpenAPI viewer). Its own lazy chunk, loaded
 * only by /back-office/api: about 350 KB of JS gzipped, over the 250 KB a route may carry
 * (docs/decisions/0014-openapi-from-code.md). Search is off: it runs in a blob: worker that the
 * site's Content-Security-Policy refuses.
 */
import { RedocStandalone } from 'redoc';

export default function ApiReference({ spec }: { spec: object }) {
  return (
    <RedocStandalone
      spec={spec}
      options={{ disableSearch: true, hideDownloadButton: false, expandResponses: '200,201', scrollYOffset: 0 }}
    />
  );
}
