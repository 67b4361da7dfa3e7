/**
 * SPA entry: loads `/config.json` first (configures Amplify Auth and the API base; "Loading..." until
 * then, a clear error if it fails), then renders the app inside the Amplify UI theme (CSS variables in theme/global.css) and a
 * render-failure boundary. The react-query client is provided by the signed-in layout
 * (shell/SignedInLayout.tsx), so that the sign-in route does not load it.
 */
import { StrictMode, Suspense, lazy, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import '@aws-amplify/ui-react/styles.css';
import './theme/global.css';
import { SHELL_MESSAGES } from '../../shared/messages-shell';
import { App } from './App';
import { loadConfig } from './lib/config';
import { ErrorBoundary } from './shell/RenderFailure';
import { FullPageMessage } from './shell/FullPageMessage';

/** The page shown when /config.json cannot be loaded (rare: loaded only then). */
const ConfigError = lazy(() => import('./shell/ConfigError'));

function Frame({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <div data-amplify-theme="suture">{children}</div>
    </StrictMode>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

root.render(
  <Frame>
    <FullPageMessage text={SHELL_MESSAGES.loading} />
  </Frame>,
);

loadConfig().then(
  () =>
    root.render(
      <Frame>
        <ErrorBoundary>
          <App />
        </ErrorBoundary>
      </Frame>,
    ),
  (err: unknown) =>
    root.render(
      <Frame>
        <Suspense fallback={null}>
          <ConfigError reason={err instanceof Error ? err.message : String(err)} />
        </Suspense>
      </Frame>,
    ),
);
