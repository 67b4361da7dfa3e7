/**
 * @jest-environment jsdom
 */
/**
 * The case form's insurance suggestions (web/src/cases/queries.ts `useInsuranceNames`; issue 8,
 * section 6): the payer list of List Management once it answers, the spec's 20 names until then and
 * when it fails, so the form never waits for it. Fake API client, no network.
 */
jest.mock('../../../web/src/lib/api', () => jest.requireActual('./support/fake-api'));

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { INSURANCE_SUGGESTIONS } from '../../../shared/constants';
import { useInsuranceNames } from '../../../web/src/cases/queries';
import { ApiError, apiFetch } from './support/fake-api';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => apiFetch.mockReset());

describe('the case form insurance suggestions', () => {
  it("suggests the spec's 20 names at once, then the payer list when it answers", async () => {
    // Prepare
    let answer: (body: unknown) => void = () => undefined;
    apiFetch.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    // Act
    const { result } = renderHook(() => useInsuranceNames(), { wrapper });
    const first = result.current;
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
    expect(apiFetch).toHaveBeenCalledWith('/lists/insurance', { query: { limit: 200 }, signal: expect.anything() });
  });

  it("keeps the spec's 20 names when the payer list cannot be read", async () => {
    // Prepare
    apiFetch.mockRejectedValue(new ApiError('API request failed: 500 Internal Server Error', 500));
    // Act
    const { result } = renderHook(() => useInsuranceNames(), { wrapper });
    // Assess
    await waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toEqual(INSURANCE_SUGGESTIONS);
  });
});
