/**
 * @jest-environment jsdom
 */
/**
 * The SPA reaches the API on its own origin (decision 0007-api-under-cloudfront): on AWS `config.json` says
 * `apiUrl: "/api"` (infra/stack.ts), and CloudFront serves the API under /api of the SPA's
 * distribution; locally the runtime writes an absolute `http://127.0.0.1:<port>/api`.
 */
import { sendApiRequest } from '../../../web/src/lib/api';
import { getConfig } from '../../../web/src/lib/config';

jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn().mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
jest.mock('../../../web/src/lib/config', () => ({ getConfig: jest.fn() }));

const fetchMock = jest.fn<Promise<Response>, [URL, RequestInit]>();
const config = { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c', stage: 'dev', debugPages: false };

beforeEach(() => {
  // jsdom has no Response: the request is what is asserted, so any resolved value does.
  fetchMock.mockReset().mockResolvedValue({ ok: true, status: 200 } as Response);
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('sendApiRequest', () => {
  it('calls /api of the page origin when config.json gives the relative API URL /api', async () => {
    // Prepare
    jest.mocked(getConfig).mockReturnValue({ ...config, apiUrl: '/api', supportEmail: 's@x.example' });

    // Act
    await sendApiRequest('/case/filter', { query: { limit: 25, status: '' }, auth: false }, 'application/json');

    // Assess
    const [url] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`${window.location.origin}/api/case/filter?limit=25`);
  });

  it('still calls an absolute API URL as given (the local runtime)', async () => {
    // Prepare
    jest.mocked(getConfig).mockReturnValue({
      ...config,
      apiUrl: 'http://127.0.0.1:3000/api',
      supportEmail: 's@x.example',
    });

    // Act
    await sendApiRequest('/case', { auth: false }, 'application/json');

    // Assess
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://127.0.0.1:3000/api/case');
  });
});
