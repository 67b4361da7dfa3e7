/**
 * The public pages (/about, /faq, /contact: spec back-office-and-shell section 2, open to everyone,
 * signed in or not) and the debug pages (/debug/forgot-password, /debug-patch, /test-search: docs/decisions/0009-spec-departures.md, a departure from the spec: only where the runtime config's `debugPages` is on, and
 * behind sign-in; elsewhere Page Not Found). Children of the route group PUBLIC_ROUTE_ID of
 * web/src/App.tsx, patched in on the first navigation to one of PUBLIC_PATHS (React Router's
 * patchRoutesOnNavigation), so that none of this is in the sign-in page's entry chunk.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../auth/RequireAuth';
import { getConfig } from '../lib/config';
import type { RouteHandle } from '../shell/AppLayout';
import { NOT_FOUND_TITLE } from '../shell/notFound';

const SignedInLayout = lazy(() => import('../shell/SignedInLayout'));
const ProfileGate = lazy(() => import('../shell/SignedInLayout').then((m) => ({ default: m.ProfileGate })));
const AboutPage = lazy(() => import('./AboutPage'));
const FaqPage = lazy(() => import('./FaqPage'));
const ContactPage = lazy(() => import('./ContactPage'));
const debugPage = (
  name: 'DebugGate' | 'ForgotPasswordTestPage' | 'DebugPatchPage' | 'TestSearchPage' | 'EmailViewerPage',
) => lazy(() => import('../debug').then((m) => ({ default: m[name] })));
const DebugGate = debugPage('DebugGate');
const ForgotPasswordTestPage = debugPage('ForgotPasswordTestPage');
const DebugPatchPage = debugPage('DebugPatchPage');
const TestSearchPage = debugPage('TestSearchPage');
const EmailViewerPage = debugPage('EmailViewerPage');

const title = (text: string): RouteHandle => ({ title: text });
/** A debug page's title, or 'Page Not Found' where the runtime config turns the debug pages off. */
const debugTitle = (text: string): RouteHandle => ({
  get title() {
    return getConfig().debugPages ? text : NOT_FOUND_TITLE;
  },
});

/** The debug pages: only where config.json's `debugPages` is on, and signed in. */
const debugRoutes: RouteObject = {
  element: <DebugGate />,
  children: [
    {
      element: <RequireAuth />,
      children: [
        {
          element: <SignedInLayout />,
          children: [
            {
              element: <ProfileGate />,
              children: [
                {
                  path: '/debug/forgot-password',
                  element: <ForgotPasswordTestPage />,
                  handle: debugTitle('Forgot Password Test'),
                },
                { path: '/debug-patch', element: <DebugPatchPage />, handle: debugTitle('Debug Patch Tool') },
                { path: '/test-search', element: <TestSearchPage />, handle: debugTitle('Search Test') },
                { path: '/debug/emails', element: <EmailViewerPage />, handle: debugTitle('Email viewer') },
              ],
            },
          ],
        },
      ],
    },
  ],
};

export const publicRoutes: RouteObject[] = [
  { path: '/about', element: <AboutPage />, handle: title('About') },
  { path: '/faq', element: <FaqPage />, handle: title('FAQ') },
  { path: '/contact', element: <ContactPage />, handle: title('Contact') },
  debugRoutes,
];
