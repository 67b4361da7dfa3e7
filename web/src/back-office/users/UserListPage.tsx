/**
 * User Management, /back-office/users (spec back-office-and-shell section 2),
 * for user_type 20 or more (UsersGuard).
 *
 * A search box (case-insensitive prefix of first name, last name, email or NPI; searched on the
 * server, 300 ms after typing stops), the table Name (a link to /back-office/users/{user_id}), Email,
 * Role, Status (with an 'NPI to review' badge when the registry names someone else for the NPI), NPI Number, State, Phone Number (phone as (xxx) xxx-xxxx for exactly 10 digits, raw
 * otherwise, N/A when empty) and User ID; the footer "Total users: N" and "Showing X of Y" with Load more; the
 * spec's error texts with Retry; and, beyond the spec, the Invite user form and the pending
 * invitations (./PendingInvitations.tsx). Export CSV saves the users the search finds
 * (../../components/CsvExport.tsx).
 */
import { Alert, Badge, Flex, Heading, Loader, SearchField, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { Link } from 'react-router-dom';
import { formatPhone } from '../../../../shared/display';
import { NPI_MESSAGES } from '../../../../shared/schemas/reference';
import { roleLabel } from '../../../../shared/roles';
import { userDisplayName, type UserRecord } from '../../../../shared/schemas/users';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { apiErrorMessage } from '../../lib/apiErrors';
import { InviteUserForm } from './InviteUserForm';
import { PendingInvitations } from './PendingInvitations';
import { useUserList } from './queries';
import { listUsersPage } from './api';
import { CsvExport } from '../../components/CsvExport';
import { USER_CSV_COLUMNS, userStatus } from '../../../../shared/csv-columns';
import { BusyButton, RetryButton } from '../../components/BusyButton';

export { userStatus };

/**
 * Who the user is first (name, a link to their page; email; role; status), then the spec's NPI,
 * State and Phone Number, and the user id last, small and on one line (decision 0009-spec-departures).
 */
const USER_COLUMNS: DataColumn<UserRecord>[] = [
  {
    header: 'Name',
    cell: (u) => <Link to={`/back-office/users/${encodeURIComponent(u.user_id)}`}>{userDisplayName(u)}</Link>,
    rowHeader: true,
  },
  // On one line: the table scrolls sideways on a phone, where a breakable email broke every few letters.
  { header: 'Email', cell: (u) => u.user_email || 'N/A', style: { whiteSpace: 'nowrap' } },
  { header: 'Role', cell: (u) => roleLabel(u.user_type), style: { whiteSpace: 'nowrap' } },
  {
    header: 'Status',
    cell: (u) => {
      const status = userStatus(u);
      return (
        <Flex gap="0.25rem" wrap="wrap">
          <Badge size="small" variation={status === 'Active' ? 'success' : 'warning'} style={{ whiteSpace: 'nowrap' }}>
            {status}
          </Badge>
          {u.npi_review ? (
            // The registry names someone else for this NPI: the office checks it before relying on it.
            <Badge
              size="small"
              variation="error"
              style={{ whiteSpace: 'nowrap' }}
              title={`NPI registered to ${u.npi_review.registry_name}`}
              data-testid="npi-review-badge"
            >
              {NPI_MESSAGES.reviewBadge}
            </Badge>
          ) : null}
        </Flex>
      );
    },
  },
  { header: 'NPI Number', cell: (u) => u.user_npi || 'N/A' },
  { header: 'State', cell: (u) => u.state || 'N/A' },
  { header: 'Phone Number', cell: (u) => formatPhone(u.telephone), style: { whiteSpace: 'nowrap' } },
  {
    header: 'User ID',
    cell: (u) => u.user_id,
    style: {
      whiteSpace: 'nowrap',
      fontSize: 'var(--amplify-font-sizes-small)',
      color: 'var(--amplify-colors-font-secondary)',
    },
  },
];

/** Delay between the last key stroke and the search (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** "Showing X of Y" (spec section 2), "of at least Y" when the server's count stopped at its bound. */
export function showingOf(shown: number, total: number, lowerBound = false): string {
  return `Showing ${shown.toLocaleString('en-US')} of ${lowerBound ? 'at least ' : ''}${total.toLocaleString('en-US')}`;
}

export default function UserListPage() {
  const [text, setText] = useState('');
  const [search] = useDebounce(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUserList(search);
  const users = list.data?.pages.flatMap((p) => p.users) ?? [];
  const first = list.data?.pages[0];
  const total = first?.total ?? 0;
  // Load more keeps focus while a page loads (BusyButton); when the last page
  // removes it, focus moves to the "Showing X of Y" line instead of the page (as LoadMore does).
  const showing = useRef<HTMLParagraphElement>(null);
  const loadMore = useRef<HTMLButtonElement>(null);
  const loadMoreHadFocus = useRef(false);
  useEffect(() => {
    if (list.isFetchingNextPage) return;
    if (!list.hasNextPage && loadMoreHadFocus.current) showing.current?.focus();
    loadMoreHadFocus.current = false;
  }, [list.isFetchingNextPage, list.hasNextPage]);

  return (
    <Flex direction="column" gap="1rem">
      <Heading level={1}>User Management</Heading>
      <InviteUserForm />
      <PendingInvitations />
      <SearchField
        label="Search users"
        placeholder="Search by name, email or NPI..."
        value={text}
        onChange={(e) => setText(e.target.value)}
        onClear={() => setText('')}
        maxLength={100}
      />
      <CsvExport
        fetchPage={(cursor, signal) => listUsersPage(search, cursor, signal)}
        rowsOf={(page) => page.users}
        columns={USER_CSV_COLUMNS}
        noun={['user', 'users']}
        server={{ list: 'users', filters: { search } }}
        total={first?.total}
      />
      {list.isPending ? (
        <Flex alignItems="center" gap="0.5rem" role="status">
          <Loader aria-hidden="true" />
          <Text>Loading users...</Text>
        </Flex>
      ) : list.isError && users.length === 0 ? (
        <Alert variation="error" role="alert" heading="Error">
          <Flex direction="column" gap="0.5rem" alignItems="flex-start">
            <Text>{apiErrorMessage('userList', list.error)}</Text>
            <RetryButton size="small" query={list} />
          </Flex>
        </Alert>
      ) : users.length === 0 ? (
        <Text role="status">{search ? `No users found matching "${search}"` : 'No users found'}</Text>
      ) : (
        <DataTable stacked caption="Users" columns={USER_COLUMNS} rows={users} rowKey={(u) => u.user_id} />
      )}
      {first && (
        <Flex direction="column" alignItems="center" gap="0.5rem">
          <Text>Total users: {total.toLocaleString('en-US')}</Text>
          <Text
            as="p"
            ref={showing}
            tabIndex={-1}
            margin="0"
            role="status"
            aria-live="polite"
            fontSize="small"
            color="font.secondary"
          >
            {showingOf(users.length, total, first.total_is_lower_bound)}
          </Text>
          {list.isFetchNextPageError && (
            <Alert variation="error" role="alert">
              {apiErrorMessage('userList', list.error)}
            </Alert>
          )}
          {list.hasNextPage && (
            <BusyButton
              ref={loadMore}
              style={{ minHeight: 44, minWidth: 160 }}
              busy={list.isFetchingNextPage}
              busyText="Loading more…"
              onClick={() => {
                loadMoreHadFocus.current = document.activeElement === loadMore.current;
                void list.fetchNextPage();
              }}
            >
              Load more
            </BusyButton>
          )}
        </Flex>
      )}
    </Flex>
  );
}
