/**
 * Audit trail, /back-office/audit, for user_type 100 or more (Global Admin, Super User); anyone else
 * is sent to /back-office. It speaks people: who (name, email, role; the id in the details), what
 * in words ("Viewed case C-000123", ./describe.ts), how it ended, and which case. Filters: a person
 * and a case picked by name or number, the action (in words), from and to (UTC days), applied with
 * a button; entries newest first, paged with "Load more"; an export of every filtered entry as CSV
 * (web/src/components/CsvExport.tsx: at most 10,000 entries, with progress and Cancel).
 */
import { Alert, Button, Flex, Heading, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { auditActions } from '../../../../shared/api-routes';
import { USER_TYPE, canManageLists } from '../../../../shared/roles';
import { UI_MESSAGES } from '../../../../shared/messages';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { LoadMore, nextPageProps } from '../../components/LoadMore';
import { FullPageMessage } from '../../shell/FullPageMessage';
import { useProfile } from '../../profile/useProfile';
import { UserFilter, type KnownUser } from '../cases/UserFilter';
import { CsvExport } from '../../components/CsvExport';
import { AUDIT_CSV_COLUMNS, NO_AUDIT_FILTERS, auditQuery, fetchAuditPage, type AuditFilters } from './api';
import { CasePicker, type PickedCase } from './CasePicker';
import { actionLabel, describeAuditEntry, outcomeLabel, personLabel } from './describe';
import { useAuditEntries } from './queries';
import type { AuditEntryView } from '../../../../shared/schemas/audit';

const SMALL_BREAKING = { wordBreak: 'break-all', fontSize: 'small' } as const;

/** Who made the request: the name, then email and role in small type. */
export function PersonCell({ entry }: { entry: AuditEntryView }) {
  const { name, detail } = personLabel(entry);
  return (
    <>
      {name}
      {detail && (
        <>
          <br />
          <Text as="span" fontSize="small" color="font.tertiary">
            {detail}
          </Text>
        </>
      )}
    </>
  );
}

/** The technical record of an entry, folded: route key, ids, user id, address, request id. */
function DetailsCell({ entry }: { entry: AuditEntryView }) {
  return (
    <details>
      <summary>Details</summary>
      <dl style={{ margin: 0, ...SMALL_BREAKING }}>
        <dt>Request</dt>
        <dd>{entry.action}</dd>
        <dt>User id</dt>
        <dd>{entry.user_id || 'none'}</dd>
        <dt>Ids</dt>
        <dd>
          <IdsCell ids={entry.resource_ids} />
        </dd>
        <dt>Source IP</dt>
        <dd>{entry.source_ip}</dd>
        <dt>Request id</dt>
        <dd>{entry.request_id}</dd>
      </dl>
    </details>
  );
}

/** One row an entry: when, who, what, how it ended, which case, and the technical details. */
const AUDIT_COLUMNS: DataColumn<AuditEntryView>[] = [
  {
    header: 'When (UTC)',
    cell: (e) => e.at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ''),
    style: { whiteSpace: 'nowrap' },
  },
  { header: 'Who', cell: (e) => <PersonCell entry={e} />, style: { minWidth: '12rem' } },
  { header: 'What', cell: (e) => describeAuditEntry(e), style: { minWidth: '14rem' } },
  { header: 'Outcome', cell: (e) => outcomeLabel(e), style: { whiteSpace: 'nowrap' } },
  // The case an entry is about, by its number (docs/decisions/0022-case-numbers.md); its id is in Details.
  { header: 'Case', cell: (e) => e.case_number ?? '', style: { whiteSpace: 'nowrap' } },
  { header: 'Details', cell: (e) => <DetailsCell entry={e} />, style: { minWidth: '10rem' } },
];

/** The Action filter's choices (shared/api-routes.ts), in words. */
const AUDIT_ACTIONS = auditActions();

/** Ids shown in a row before the rest fold into "+N more" (a list call touches up to 200). */
export const IDS_SHOWN = 2;

/**
 * The ids an entry touched: up to {@link IDS_SHOWN} (with one more, all three) in the row, the rest
 * in a native disclosure ("+N more", keyboard and screen-reader operable), so that a list call's
 * 50 ids do not make one row a page tall.
 */
function IdsCell({ ids }: { ids: readonly string[] }) {
  if (ids.length <= IDS_SHOWN + 1) return <>{ids.join(', ')}</>;
  return (
    <>
      {ids.slice(0, IDS_SHOWN).join(', ')}
      <details>
        <summary>+{ids.length - IDS_SHOWN} more</summary>
        {ids.slice(IDS_SHOWN).join(', ')}
      </details>
    </>
  );
}

/** The filters, table, paging and export (exported for tests, which render it without the guard). */
export function AuditTrail() {
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [person, setPerson] = useState<KnownUser | null>(null);
  const [picked, setPicked] = useState<PickedCase | null>(null);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const query = useAuditEntries(filters);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft, userId: person?.user_id ?? '', caseId: picked?.case_id ?? '' });
  };
  return (
    <Flex direction="column" gap="small">
      <form onSubmit={apply} aria-label="Audit filters">
        {/* A grid (web/src/theme/global.css): labels on one line and controls on the next on a
            desktop, one full-width column on a phone; the buttons on their own line below. */}
        <Flex direction="column" gap="small">
          <div className="suture-audit-filters">
            {/* The audit screen is for user_type 100 or more: the picker searches every user. */}
            <UserFilter
              userType={USER_TYPE.GLOBAL_ADMIN}
              known={[]}
              selected={person}
              onSelect={setPerson}
              label="Person"
            />
            <CasePicker selected={picked} onSelect={setPicked} />
            <SelectField
              label="Action"
              value={draft.action}
              onChange={(e) => setDraft({ ...draft, action: e.target.value })}
            >
              <option value="">Any action</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ))}
            </SelectField>
            {(['from', 'to'] as const).map((key) => (
              <TextField
                key={key}
                label={key === 'from' ? 'From (UTC)' : 'To (UTC)'}
                type="date"
                value={draft[key]}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              />
            ))}
          </div>
          <Flex gap="small" wrap="wrap">
            <Button type="submit" variation="primary">
              Apply filters
            </Button>
            <Button
              type="button"
              onClick={() => {
                setDraft(NO_AUDIT_FILTERS);
                setPerson(null);
                setPicked(null);
                setFilters(NO_AUDIT_FILTERS);
              }}
            >
              Clear
            </Button>
          </Flex>
        </Flex>
      </form>
      <CsvExport
        fetchPage={(cursor, signal) => fetchAuditPage(filters, cursor, signal, 100)}
        rowsOf={(page) => page.entries}
        columns={AUDIT_CSV_COLUMNS}
        filename="audit"
        noun={['entry', 'entries']}
        server={{ list: 'audit', filters: auditQuery(filters) }}
      />
      <AuditEntries query={query} entries={entries} caption="Audit entries, newest first" />
    </Flex>
  );
}

/** The entries of an audit query: error, loading and empty states, the table and Load more. */
export function AuditEntries({
  query,
  entries,
  caption,
  columns = AUDIT_COLUMNS,
}: {
  query: ReturnType<typeof useAuditEntries>;
  entries: AuditEntryView[];
  caption: string;
  columns?: DataColumn<AuditEntryView>[];
}) {
  return (
    <>
      {query.isError && !query.isFetchNextPageError && <Alert variation="error">{query.error.message}</Alert>}
      {query.isPending && <Text>{UI_MESSAGES.loading}</Text>}
      {!query.isPending && !query.isError && entries.length === 0 && <Text>No audit entries match these filters.</Text>}
      {entries.length > 0 && (
        <DataTable
          caption={caption}
          striped
          stacked
          columns={columns}
          rows={entries}
          rowKey={(e) => `${e.at}#${e.request_id}`}
        />
      )}
      {/* The shared foot: Load more keeps focus while a page loads, and hands it on when it goes. */}
      {(entries.length > 0 || query.hasNextPage) && (
        <LoadMore shown={entries.length} noun={['entry', 'entries']} {...nextPageProps(query)} />
      )}
    </>
  );
}

/** The columns of a case's "Who accessed this case" (the case is known: no Case column). */
export const CASE_ACCESS_COLUMNS = AUDIT_COLUMNS.filter((c) => c.header !== 'Case');

export default function AuditPage() {
  const profile = useProfile();
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  if (profile.isError || !canManageLists(profile.userType)) return <Navigate to="/back-office" replace />;
  return (
    <Flex direction="column" gap="small" padding="medium" maxWidth="80rem" margin="0 auto" width="100%">
      <Heading level={1}>Audit Trail</Heading>
      <Text>Every request that reads or changes patient data: who, when, what and how it ended.</Text>
      <AuditTrail />
    </Flex>
  );
}
