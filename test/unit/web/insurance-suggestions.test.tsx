/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The case form's insurance suggestions (web/src/cases/queries.ts `useInsuranceNames`): the payer list
 * of List Management once it answers, the spec's 20 names until then and when it fails, so the form
 * never waits for it. Against the fake API.
 */

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { INSURANCE_SUGGESTIONS } from '../../../shared/constants';
import { useInsuranceNames } from '../../../web/src/cases/queries';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the case form insurance suggestions', () => {
  it("suggests the spec's 20 names at once, then the payer list when it answers", async () => {
    // Prepare
    let answer: (body: unknown) => void = () => undefined;
    api.on('GET /lists/insurance', () => new Promise((resolve) => (answer = resolve as (body: unknown) => void)));
    // Act
    const { result } = renderHook(() => useInsuranceNames(), { wrapper });
    const first = result.current;
    await waitFor(() => expect(api.requests('GET /lists/insurance')).toHaveLength(1));
    answer({
      insurance_types: [
        { insurance_id: 'a', name: 'Aetna' },
        { insurance_id: 'z', name: 'Zenith Mutual Health' },
      ],
      total: 2,
    });
    // Assess
    expect(first).toEqual(INSURANCE_SUGGESTIONS);
    await waitFor(() => expect(result.current).toEqual(['Aetna', 'Zenith Mutual Health']));
    expect(api.requests('GET /lists/insurance').map((r) => r.query)).toEqual([{ limit: '200' }]);
  });

  it("keeps the spec's 20 names when the payer list cannot be read", async () => {
    // Prepare
    api.on('GET /lists/insurance', () => reply(500, { message: 'Internal Server Error' }));
    // Act
    const { result } = renderHook(() => useInsuranceNames(), { wrapper });
    // Assess
    await waitFor(() => expect(api.requests('GET /lists/insurance')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toEqual(INSURANCE_SUGGESTIONS);
  });
});
