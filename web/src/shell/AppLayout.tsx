/**
 * The page frame: skip link, header (always shown), the routed page inside <main> with a Suspense
 * fallback for lazily loaded pages, the dismissible beta-testing notice and the footer for signed-in
 * users only (back-office-and-shell sections 1 and 2). The document title follows the deepest route's `handle.title`.
 */
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { Flex, View } from '@aws-amplify/ui-react';
import { SHELL_MESSAGES } from '../../../shared/messages-shell';
import { useAuth } from '../auth/AuthProvider';
import { FullPageMessage } from './FullPageMessage';
import { PublicHeader } from './PublicHeader';

/** Parts shown to signed-in users only, loaded with the first signed-in screen (not on /auth). */
const BetaNotice = lazy(() => import('./BetaNotice').then((m) => ({ default: m.BetaNotice })));
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

/** The signed-in header (role navigation, phone menu, profile-aware), loaded with the first signed-in screen. */
const ProfileHeader = lazy(() => import('./ProfileHeader'));

/** Route `handle` with the page title used for `document.title`. */
export interface RouteHandle {
  title?: string;
}

function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} | Suture` : 'Suture';
  }, [title]);
}

/**
 * After a page change, focus that was on an element which went away (a link of the closed phone
 * menu, say) is left on <body>; move it to <main> so that keyboard and screen-reader users go on
 * from the new page. The first render is left alone.
 */
function useFocusMainOnPageChange() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (document.activeElement === null || document.activeElement === document.body) {
      document.getElementById('main')?.focus({ preventScroll: true });
    }
  }, [pathname]);
}

export function AppLayout() {
  const { status } = useAuth();
  useDocumentTitle();
  useFocusMainOnPageChange();
  return (
    <Flex direction="column" minHeight="100vh" gap="0">
      <a href="#main" className="suture-skip-link">
        Skip to content
      </a>
      {status === 'signedIn' ? (
        <Suspense fallback={<PublicHeader />}>
          <ProfileHeader />
        </Suspense>
      ) : (
        <PublicHeader signIn />
      )}
      {status === 'signedIn' && (
        <Suspense fallback={null}>
          <BetaNotice />
        </Suspense>
      )}
      <View as="main" id="main" tabIndex={-1} className="suture-main">
        <Suspense fallback={<FullPageMessage text={SHELL_MESSAGES.loading} />}>
          <Outlet />
        </Suspense>
      </View>
      {status === 'signedIn' && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
    </Flex>
  );
}
