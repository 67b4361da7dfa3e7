/**
 * User Management, /back-office/users (spec back-office-and-shell section 2),
 * for user_type 20 or more (UsersGuard).
 *
 * A search box (case-insensitive prefix of first name, last name, email or NPI; searched on the
 * server, 300 ms after typing stops), the table User ID, Full Name, NPI Number, State, Phone Number
 * (phone as (xxx) xxx-xxxx for exactly 10 digits, raw otherwise, N/A when empty), each row a link to
 * /back-office/users/{user_id}; the footer "Total users: N" and "Showing X of Y" with Load more; the
 * spec's error texts with Retry; and, beyond the spec, the Invite user form and the pending
 * invitations (./PendingInvitations.tsx).
 */
import { Alert, Button, Flex, Heading, Loader, SearchField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useDebounce } from 'use-debounce';
import { Link } from 'react-router-dom';
import { formatPhone } from '../../../../shared/display';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { apiErrorMessage } from '../../lib/apiErrors';
import { InviteUserForm } from './InviteUserForm';
import { PendingInvitations } from './PendingInvitations';
import { useUserList } from './queries';

type UserRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  user_npi?: string;
  state?: string;
  telephone?: string;
};

/** The spec's columns; each row links to the user's page. */
const USER_COLUMNS: DataColumn<UserRow>[] = [
  {
    header: 'User ID',
    cell: (u) => <Link to={`/back-office/users/${encodeURIComponent(u.user_id)}`}>{u.user_id}</Link>,
  },
  { header: 'Full Name', cell: (u) => fullName(u) },
  { header: 'NPI Number', cell: (u) => u.user_npi || 'N/A' },
  { header: 'State', cell: (u) => u.state || 'N/A' },
  { header: 'Phone Number', cell: (u) => formatPhone(u.telephone) },
];

/** Delay between the last key stroke and the search (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** "Showing X of Y" (spec section 2), "of at least Y" when the server's count stopped at its bound. */
export function showingOf(shown: number, total: number, lowerBound = false): string {
  return `Showing ${shown.toLocaleString('en-US')} of ${lowerBound ? 'at least ' : ''}${total.toLocaleString('en-US')}`;
}

/** "First Last", or "N/A" when both are empty. */
export function fullName(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim() || 'N/A';
}

export default function UserListPage() {
  const [text, setText] = useState('');
  const [search] = useDebounce(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUserList(search);
  const users = list.data?.pages.flatMap((p) => p.users) ?? [];
  const first = list.data?.pages[0];
  const total = first?.total ?? 0;

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
      {list.isPending ? (
        <Flex alignItems="center" gap="0.5rem" role="status">
          <Loader aria-hidden="true" />
          <Text>Loading users...</Text>
        </Flex>
      ) : list.isError && users.length === 0 ? (
        <Alert variation="error" role="alert" heading="Error">
          <Flex direction="column" gap="0.5rem" alignItems="flex-start">
            <Text>{apiErrorMessage('userList', list.error)}</Text>
            <Button size="small" onClick={() => void list.refetch()} isLoading={list.isFetching}>
              Retry
            </Button>
          </Flex>
        </Alert>
      ) : users.length === 0 ? (
        <Text role="status">{search ? `No users found matching "${search}"` : 'No users found'}</Text>
      ) : (
        <DataTable caption="Users" columns={USER_COLUMNS} rows={users} rowKey={(u) => u.user_id} />
      )}
      {first && (
        <Flex direction="column" alignItems="center" gap="0.5rem">
          <Text>Total users: {total.toLocaleString('en-US')}</Text>
          <Text role="status" aria-live="polite" fontSize="small" color="font.secondary">
            {showingOf(users.length, total, first.total_is_lower_bound)}
          </Text>
          {list.isFetchNextPageError && (
            <Alert variation="error" role="alert">
              {apiErrorMessage('userList', list.error)}
            </Alert>
          )}
          {list.hasNextPage && (
            <Button
              style={{ minHeight: 44, minWidth: 160 }}
              isLoading={list.isFetchingNextPage}
              loadingText="Loading more…"
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}
