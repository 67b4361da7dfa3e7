/**
 * SPA entry: loads `/config.json` first (configures Amplify Auth and the API base; "Loading..." until
 * then, a clear error if it fails), then renders the app inside the Amplify UI theme and a
 * render-failure boundary. The react-query client is provided by the signed-in layout
 * (shell/SignedInLayout.tsx), so that the sign-in route does not load it (issue 6, section 6).
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Alert, Button, Flex, ThemeProvider } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import './theme/global.css';
import { UI_MESSAGES } from '../../shared/messages';
import { App } from './App';
import { loadConfig } from './lib/config';
import { ErrorBoundary } from './shell/RenderFailure';
import { FullPageMessage } from './shell/FullPageMessage';
import { sutureTheme } from './theme/theme';

function Frame({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ThemeProvider theme={sutureTheme}>{children}</ThemeProvider>
    </StrictMode>
  );
}

function ConfigError({ reason }: { reason: string }) {
  return (
    <Flex justifyContent="center" padding="3rem 1rem">
      <Flex direction="column" gap="1rem" maxWidth="36rem">
        <Alert variation="error" heading="Suture could not start">
          The application configuration (/config.json) could not be loaded: {reason}. Check that the server is running,
          then try again.
        </Alert>
        <Button alignSelf="flex-start" onClick={() => window.location.reload()}>
          Try Again
        </Button>
      </Flex>
    </Flex>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

root.render(
  <Frame>
    <FullPageMessage text={UI_MESSAGES.loading} />
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
        <ConfigError reason={err instanceof Error ? err.message : String(err)} />
      </Frame>,
    ),
);
