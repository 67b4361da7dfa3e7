/** Root route element: auth state (needs the router), scroll restoration and the page frame. */
import { ScrollRestoration } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider';
import { AppLayout } from './AppLayout';

export function Root() {
  return (
    <AuthProvider>
      <ScrollRestoration />
      <AppLayout />
    </AuthProvider>
  );
}
