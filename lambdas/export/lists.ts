/**
 * What an export reads: each list through the same code its list call answers with (the data
 * modules behind GET /case, /dispute/queue, /dispute/awards, /user/list, /audit), called with an
 * event of the requester's identity and the list's filters as query parameters, so that an export
 * sees what the requester's list shows, with the same 400s and 403s. And the CSV columns of each
 * (shared/csv-columns.ts, the browser export's).
 */
import { normalizeCase } from '../../shared/case-view';
import {
  AUDIT_CSV_COLUMNS,
  AWARD_CSV_COLUMNS,
  DEADLINE_CSV_COLUMNS,
  USER_CSV_COLUMNS,
  caseCsvColumns,
  type CaseCsvRow,
  type CsvColumn,
} from '../../shared/csv-columns';
import { normalizeUser, type UserRecord } from '../../shared/schemas/users';
import type { ExportList } from '../../shared/schemas/export';
import type { ApiEvent } from '../lib/http';
import { caseListAnswer } from '../data/case/list-answer';
import { awardsAnswer, queueAnswer } from '../data/dispute/list-answers';
import { userListAnswer } from '../data/user/list-answer';
import { auditAnswer } from '../data/audit/trail';

/** Rows per page read (the lists' MAX_PAGE_LIMIT). */
export const EXPORT_PAGE_SIZE = 200;

/** Who asks: the claims the list calls read (lambdas/lib/caller.ts). */
export interface Requester {
  user_id: string;
  username?: string;
}

/** One page of a list: its rows as the CSV columns take them, and the cursor of the next. */
export interface ListPage {
  rows: unknown[];
  next_cursor?: string;
}

/**
 * The event a list call gets for one page: the requester's claims, the filters as query text, the
 * page size and cursor. `requestId` names the export in the list's logs.
 */
export function listEvent(
  requester: Requester,
  filters: Record<string, string | number | boolean>,
  page: { limit: number; cursor?: string; requestId: string },
): ApiEvent {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) query[name] = String(value);
  query.limit = String(page.limit);
  if (page.cursor) query.cursor = page.cursor;
  return {
    version: '2.0',
    routeKey: 'POST /export',
    rawPath: '/export',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    queryStringParameters: query,
    requestContext: {
      accountId: '',
      apiId: '',
      domainName: '',
      domainPrefix: '',
      requestId: page.requestId,
      routeKey: 'POST /export',
      stage: '$default',
      time: '',
      timeEpoch: Date.now(),
      http: { method: 'GET', path: '/export', protocol: 'HTTP/1.1', sourceIp: '', userAgent: 'suture-export' },
      authorizer: {
        jwt: {
          claims: { sub: requester.user_id, ...(requester.username ? { username: requester.username } : {}) },
          scopes: null,
        },
      },
    },
  };
}

type CaseRow = CaseCsvRow & { owner_name: string };

/** Read one page of `list` (throws the list call's own errors: 400, 403). */
export async function readPage(list: ExportList, event: ApiEvent): Promise<ListPage> {
  switch (list) {
    case 'cases': {
      const answer = await caseListAnswer(event);
      const rows = answer.cases.map((raw) => {
        const owner = (raw as { owner_name?: unknown }).owner_name;
        return typeof owner === 'string' ? { ...normalizeCase(raw), owner_name: owner } : normalizeCase(raw);
      });
      return { rows, next_cursor: answer.next_cursor };
    }
    case 'deadlines': {
      const answer = await queueAnswer(event);
      return { rows: answer.items, next_cursor: answer.next_cursor };
    }
    case 'awards': {
      const answer = await awardsAnswer(event);
      return { rows: answer.items, next_cursor: answer.next_cursor };
    }
    case 'users': {
      const answer = await userListAnswer(event);
      const rows = answer.users.map(normalizeUser).filter((u): u is UserRecord => u !== undefined);
      return { rows, next_cursor: answer.next_cursor };
    }
    case 'audit': {
      const answer = await auditAnswer(event);
      return { rows: answer.entries, next_cursor: answer.next_cursor };
    }
  }
}

/**
 * The columns of `list`. Cases: the back office's User column when the list names owners (its
 * rows carry `owner_name`, as Case Management's do), else the provider's case list's.
 */
export function columnsOf(list: ExportList, firstRows: readonly unknown[]): readonly CsvColumn<never>[] {
  switch (list) {
    case 'cases':
      return firstRows.some((r) => typeof (r as Partial<CaseRow>).owner_name === 'string')
        ? caseCsvColumns<CaseRow>((c) => c.owner_name)
        : caseCsvColumns<CaseCsvRow>();
    case 'deadlines':
      return DEADLINE_CSV_COLUMNS;
    case 'awards':
      return AWARD_CSV_COLUMNS;
    case 'users':
      return USER_CSV_COLUMNS;
    case 'audit':
      return AUDIT_CSV_COLUMNS;
  }
}
