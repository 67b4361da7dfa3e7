/**
 * The provider every API benchmark sets up (bench:api, bench:memory, bench:documents): a JSON
 * client for the local API with one access token, and a profile, a surgeon and a facility created
 * through it (fictitious names; NPIs with a valid check digit from `npiBase`).
 */
import { withNpiCheckDigit } from '../../shared';

/** `api(method, path, body?, query?)` -> the JSON answer; a status of 300 or more throws with the answer. */
export type BenchApi = <T>(method: string, path: string, body?: unknown, query?: string) => Promise<T>;

/** A JSON client for `apiUrl` (e.g. `http://127.0.0.1:3000/api`) sending `accessToken` as Bearer. */
export function benchApi(apiUrl: string, accessToken: string): BenchApi {
  return async <T>(method: string, path: string, body?: unknown, query = ''): Promise<T> => {
    const res = await fetch(`${apiUrl}${path}${query}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Create the signed-in user's profile, one surgeon and one facility; NPIs `npiBase + 1..3` (9 digits). */
export async function createBenchProvider(
  api: BenchApi,
  npiBase: number,
): Promise<{ surgeon: { surgeon_id: string }; facility: { facility_id: string } }> {
  const npi = (n: number) => withNpiCheckDigit(String(npiBase + n));
  await api('POST', '/user', {
    first_name: 'Bench',
    last_name: 'Mark',
    addr1: '1 Test St',
    addr2: '',
    city: 'Portland',
    state: 'ME',
    zipcode: '04101',
    telephone: '(207) 555-0100',
    user_npi: npi(1),
    referred_by_user: '',
    message_pref: '1',
    states_licensed: '["ME"]',
  });
  const { surgeon } = await api<{ surgeon: { surgeon_id: string } }>('POST', '/surgeon', {
    first_name: 'Sam',
    last_name: 'Bench',
    surgeon_npi: npi(2),
    surgeon_state: 'ME',
  });
  const { facility } = await api<{ facility: { facility_id: string } }>('POST', '/facility', {
    facility_name: 'Bench Surgery Center',
    facility_npi: npi(3),
    facility_state: 'ME',
  });
  return { surgeon, facility };
}
