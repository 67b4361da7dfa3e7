/**
 * The user filter of Case Management (back-office-and-shell section 2: "user filter (All Users)",
 * chosen by name). A text box (placeholder 'All Users') whose
 * suggestions are users by name:
 * - user_type 20 or more: GET /user/list?search=<text>&limit=10 (prefix of first name, last name,
 *   email or NPI; debounced {@link USER_SEARCH_DEBOUNCE_MS} ms);
 * - below 20 (the list call is for user management only): the owners the screen already knows
 *   (Top Users and the owners of the cases loaded), matched on any word of the name.
 * One combobox (web/src/components/Combobox: arrows, Enter, Escape); a pick filters the list by that
 * user and shows their name with an 'All Users' button that clears it (with a visible `label`, laid
 * out as a field: web/src/components/Combobox.tsx ComboboxChoice).
 */
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useMemo, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { USER_TYPE } from '../../../../shared/roles';
import { userDisplayName } from '../../../../shared/schemas/users';
import { Combobox, ComboboxChoice, useSwapFocus } from '../../components/Combobox';
import { useUserSuggestions } from './queries';

export const USER_SEARCH_DEBOUNCE_MS = 250;

export interface KnownUser {
  user_id: string;
  name: string;
}

export interface UserFilterProps {
  userType: number;
  /** Owners the screen knows without a call (top users, owners of loaded cases). */
  known: readonly KnownUser[];
  selected: KnownUser | null;
  onSelect: (user: KnownUser | null) => void;
  /** A visible label (the audit screen's "Person"); default: the hidden "User filter" of Case Management. */
  label?: string;
}

export function UserFilter({ userType, known, selected, onSelect, label }: UserFilterProps) {
  const [text, setText] = useState('');
  const canList = userType >= USER_TYPE.USER_ADMIN;
  const [term] = useDebounce(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const remote = useUserSuggestions(term, canList && term.length > 0);
  const { swap, focusRef } = useSwapFocus();

  const options = useMemo<KnownUser[]>(() => {
    // user_type 20 or more: typed text is answered by the server only (no flicker between two sources).
    if (canList && text.trim() !== '') {
      if (term === '' || !remote.data) return [];
      return remote.data.users.map((u) => ({ user_id: u.user_id, name: userDisplayName(u) }));
    }
    const needle = text.trim().toLowerCase();
    return known
      .filter(
        (u) =>
          needle === '' ||
          u.name
            .toLowerCase()
            .split(/\s+/)
            .some((w) => w.startsWith(needle)),
      )
      .slice(0, 10);
  }, [canList, term, remote.data, known, text]);

  const clear = () => {
    swap();
    onSelect(null);
    setText('');
  };
  if (selected && label !== undefined) {
    return (
      <ComboboxChoice
        label={label}
        value={selected.name || selected.user_id}
        clearText="All Users"
        onClear={clear}
        buttonRef={focusRef}
      />
    );
  }
  if (selected) {
    return (
      <Flex alignItems="center" gap="xs" wrap="wrap">
        <Text as="span" fontSize="small">
          User: <strong>{selected.name || selected.user_id}</strong>
        </Text>
        <Button size="small" onClick={clear} ref={focusRef}>
          All Users
        </Button>
      </Flex>
    );
  }

  const answered = !canList || (term !== '' && remote.data !== undefined && !remote.isFetching);
  return (
    <div style={{ minWidth: '14rem' }}>
      <Combobox
        label={label ?? 'User filter'}
        labelHidden={label === undefined}
        placeholder={label === undefined ? 'All Users' : 'Name or email'}
        value={text}
        onChange={setText}
        inputRef={focusRef}
        options={options.map((u) => ({ value: u.user_id, label: u.name || u.user_id }))}
        onPick={(o) => {
          const u = options.find((k) => k.user_id === o.value);
          if (u) {
            swap();
            onSelect(u);
          }
          setText('');
        }}
        loading={canList && remote.isFetching}
        loadingText="Searching users..."
        emptyText={text.trim() !== '' && answered && !remote.isError ? 'No users found' : undefined}
      />
      {remote.isError && canList && term.length > 0 && (
        <Text fontSize="small" color="font.error" padding="xs" role="alert">
          {remote.error.message}
        </Text>
      )}
    </div>
  );
}
