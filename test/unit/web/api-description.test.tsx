/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The API description screen (/back-office/api): the committed OpenAPI document, as GET
 * /openapi.json answers it, rendered by the viewer with its title and its routes. Against the fake API.
 */

import './support/dom-env';
import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { OPENAPI_PATH } from '../../../bin/lib/openapi';
import { ApiDescription } from '../../../web/src/back-office/api/ApiDescriptionPage';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

/** The committed document with two of its routes (the viewer renders the whole one slowly in jsdom). */
function committedDocument(paths: readonly string[]): { paths: Record<string, unknown> } {
  const doc = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, unknown> };
  return { ...doc, paths: Object.fromEntries(paths.map((path) => [path, doc.paths[path]])) };
}

function renderDescription() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApiDescription />
    </QueryClientProvider>,
  );
}

describe('the API description screen', () => {
  it('renders the title and the routes of the document GET /openapi.json answers', async () => {
    api.on('GET /openapi.json', committedDocument(['/audit', '/case/deleted']));
    const { container } = renderDescription();
    // Queries by text, not by role: role queries over the viewer's large page are slow.
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toContain('Suture API'), {
      timeout: 50_000,
    });
    const text = container.textContent ?? '';
    expect(text).toContain('One page of the audit trail, newest first');
    expect(text).toContain('/case/deleted');
    expect(api.requests('GET /openapi.json')).toHaveLength(1);
  }, 60_000);

  it('says why when the document cannot be read', async () => {
    api.on('GET /openapi.json', () => reply(401, { message: 'Unauthorized' }));
    renderDescription();
    expect((await screen.findByRole('alert')).textContent).toContain('Authentication failed');
  });
});
