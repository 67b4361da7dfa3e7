/**
 * The user filter of Case Management (back-office-and-shell section 2: "user filter (All Users)",
 * chosen by name). A text box (placeholder 'All Users') whose
 * suggestions are users by name:
 * - user_type 20 or more: GET /user/list?search=<text>&limit=10 (prefix of first name, last name,
 *   email or NPI; debounced {@link USER_SEARCH_DEBOUNCE_MS} ms);
 * - below 20 (the list call is for user management only): the owners the screen already knows
 *   (Top Users and the owners of the cases loaded), matched on any word of the name.
 * ArrowDown moves into the suggestions (web/src/directory/ResultsListbox: arrows, Enter, Escape);
 * a pick filters the list by that user and shows their name with an 'All Users' button that clears it.
 */
import { Button, Flex, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { USER_TYPE } from '../../../../shared/roles';
import { userDisplayName } from '../../../../shared/schemas/users';
import { ResultsListbox } from '../../directory/ResultsListbox';
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
}

export function UserFilter({ userType, known, selected, onSelect }: UserFilterProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const canList = userType >= USER_TYPE.USER_ADMIN;
  const [term] = useDebounce(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const remote = useUserSuggestions(term, canList && open && term.length > 0);

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

  // Close on a click or focus outside.
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (boxRef.current && !boxRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  if (selected) {
    return (
      <Flex alignItems="center" gap="xs" wrap="wrap">
        <Text as="span" fontSize="small">
          User: <strong>{selected.name || selected.user_id}</strong>
        </Text>
        <Button
          size="small"
          onClick={() => {
            onSelect(null);
            setText('');
          }}
        >
          All Users
        </Button>
      </Flex>
    );
  }

  const pick = (u: KnownUser) => {
    onSelect(u);
    setOpen(false);
    setText('');
  };

  return (
    <div ref={boxRef} style={{ position: 'relative', minWidth: '14rem' }}>
      <TextField
        ref={inputRef}
        label="User filter"
        labelHidden
        placeholder="All Users"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && options.length > 0) {
            e.preventDefault();
            setOpen(true);
            setTimeout(() => listRef.current?.focus(), 0);
          } else if (e.key === 'Escape') setOpen(false);
        }}
        aria-expanded={open}
        aria-autocomplete="list"
        role="combobox"
      />
      {open && (
        <div style={{ position: 'absolute', zIndex: 10, left: 0, right: 0, top: '100%' }}>
          {remote.isFetching && canList && (
            <Flex alignItems="center" gap="xs" padding="xs" backgroundColor="background.primary" role="status">
              <Loader size="small" />
              <Text fontSize="small">Searching users...</Text>
            </Flex>
          )}
          {remote.isError && canList && term.length > 0 && (
            <Text fontSize="small" color="font.error" padding="xs" backgroundColor="background.primary" role="alert">
              {remote.error.message}
            </Text>
          )}
          {options.length > 0 ? (
            <ResultsListbox
              label="Users"
              listRef={listRef}
              options={options.map((u) => ({ key: u.user_id, content: u.name || u.user_id }))}
              onPick={(_o, i) => {
                const u = options[i];
                if (u) pick(u);
              }}
              onEscape={() => {
                setOpen(false);
                inputRef.current?.focus();
              }}
            />
          ) : (
            text.trim() !== '' &&
            !remote.isFetching &&
            (!canList || (term !== '' && remote.data)) && (
              <Text fontSize="small" padding="xs" backgroundColor="background.primary">
                No users found
              </Text>
            )
          )}
        </div>
      )}
    </div>
  );
}
