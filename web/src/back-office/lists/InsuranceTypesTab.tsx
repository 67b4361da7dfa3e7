/**
 * Insurance Types tab (beyond the spec's placeholder: docs/decisions/0009-spec-departures.md): the payer list that feeds
 * the case form's insurance suggestions, started from the spec's 20 names. Searchable, 10 per page
 * (GET /lists/insurance), add, rename in place, remove after a confirm. Server messages (409 'An
 * insurance type with this name already exists') are shown as they come.
 */
import { Alert, Button, Flex, TableCell, TableRow, Text, TextField } from '@aws-amplify/ui-react';
import { useRef, useState, type FormEvent } from 'react';
import { INSURANCE_NAME_MAX, LIST_MESSAGES, type InsuranceType } from '../../../../shared/schemas/reference-lists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { DataColumn } from '../../components/DataTable';
import { ListTabResults, Pager, SearchBox } from './parts';
import { useAddInsurance, useCursorPages, useInsurancePage, useRemoveInsurance, useRenameInsurance } from './queries';
import { BusyButton } from '../../components/BusyButton';
import { useFocusReturn } from '../../components/useFocusReturn';

/** The rows draw themselves (InsuranceRow: rename in place); these give the header. */
const INSURANCE_COLUMNS: DataColumn<InsuranceType>[] = [
  { header: 'Name', cell: (item) => item.name },
  { header: 'Actions', cell: () => null },
];

function AddInsuranceForm() {
  const add = useAddInsurance();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (add.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError(LIST_MESSAGES.insuranceNameRequired);
      return;
    }
    setError(null);
    add.mutate(trimmed, {
      onSuccess: (saved) => {
        setName('');
        setAdded(saved.name);
      },
      onError: (err) => setError((err as Error).message),
    });
  };
  return (
    <form onSubmit={submit} aria-label="Add insurance type">
      <Flex alignItems="flex-end" gap="small" wrap="wrap">
        <TextField
          label="New insurance type"
          value={name}
          maxLength={INSURANCE_NAME_MAX}
          onChange={(e) => {
            setName(e.target.value);
            setAdded(null);
          }}
          hasError={Boolean(error)}
          errorMessage={error ?? undefined}
          flex="1 1 16rem"
        />
        <BusyButton type="submit" variation="primary" busy={add.isPending} busyText="Adding...">
          Add
        </BusyButton>
      </Flex>
      {added && (
        <Text role="status" fontSize="small">
          Added {added}
        </Text>
      )}
    </form>
  );
}

function InsuranceRow({ item, onRemove }: { item: InsuranceType; onRemove: (item: InsuranceType) => void }) {
  const rename = useRenameInsurance();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  // The rename form held focus: when it closes (saved, unchanged, Cancel, Escape), focus goes back
  // to this row's Rename button instead of the page.
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocusTo = useFocusReturn(editing, renameButton);
  const save = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(LIST_MESSAGES.insuranceNameRequired);
      return;
    }
    if (trimmed === item.name) {
      setEditing(false);
      return;
    }
    rename.mutate(
      { id: item.insurance_id, name: trimmed },
      { onSuccess: () => setEditing(false), onError: (err) => setError((err as Error).message) },
    );
  };
  return (
    <TableRow>
      <TableCell>
        {editing ? (
          <form onSubmit={save} aria-label={`Rename ${item.name}`}>
            <Flex alignItems="flex-start" gap="xs" wrap="wrap">
              <TextField
                label={`New name for ${item.name}`}
                labelHidden
                value={name}
                maxLength={INSURANCE_NAME_MAX}
                autoFocus
                onChange={(e) => setName(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') {
                    setEditing(false);
                    setName(item.name);
                    setError(null);
                  }
                }}
                hasError={Boolean(error)}
                errorMessage={error ?? undefined}
              />
              <BusyButton size="small" type="submit" variation="primary" busy={rename.isPending} busyText="Saving...">
                Save
              </BusyButton>
              <Button
                size="small"
                onClick={() => {
                  setEditing(false);
                  setName(item.name);
                  setError(null);
                }}
              >
                Cancel
              </Button>
            </Flex>
          </form>
        ) : (
          item.name
        )}
      </TableCell>
      <TableCell>
        {!editing && (
          <Flex gap="xs">
            <Button
              size="small"
              ref={renameButton}
              onClick={() => {
                // This button leaves with the form's arrival: focus returns to the one that replaces it.
                returnFocusTo(null);
                setName(item.name);
                setEditing(true);
              }}
              aria-label={`Rename ${item.name}`}
            >
              Rename
            </Button>
            <Button size="small" colorTheme="error" onClick={() => onRemove(item)} aria-label={`Remove ${item.name}`}>
              Remove
            </Button>
          </Flex>
        )}
      </TableCell>
    </TableRow>
  );
}

export function InsuranceTypesTab() {
  const [search, setSearch] = useState('');
  const pages = useCursorPages(search);
  const query = useInsurancePage(search, pages.cursor);
  const remove = useRemoveInsurance();
  const [pending, setPending] = useState<InsuranceType | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  // A removed payer's row (and its focused Remove button) goes away: focus stays in the tab.
  const tab = useRef<HTMLDivElement>(null);
  return (
    <Flex direction="column" gap="small" ref={tab} tabIndex={-1}>
      <Text fontSize="small">
        These payers are the insurance suggestions of the case form. Cases keep the name they were saved with.
      </Text>
      <AddInsuranceForm />
      <SearchBox label="Search insurance types" placeholder="Payer name" onSearch={setSearch} />
      {removeError && (
        <Alert variation="error" role="alert" isDismissible onDismiss={() => setRemoveError(null)}>
          {removeError}
        </Alert>
      )}
      <ListTabResults
        query={query}
        rowsOf={(page) => page.insurance_types}
        totalOf={(page) => page.total}
        noun="insurance type"
        search={search}
        loadFailed={LIST_MESSAGES.insuranceLoadFailed}
        empty={search ? LIST_MESSAGES.noInsuranceMatching(search) : LIST_MESSAGES.noInsurance}
        label="Insurance types"
        columns={INSURANCE_COLUMNS}
        rowKey={(item) => item.insurance_id}
        renderRow={(item) => <InsuranceRow item={item} onRemove={setPending} />}
        pager={(data) => (
          <Pager
            page={pages.pageNumber}
            hasPrevious={pages.pageNumber > 1}
            hasNext={Boolean(data.next_cursor)}
            onPrevious={pages.previous}
            onNext={() => data.next_cursor && pages.next(data.next_cursor)}
            busy={query.isFetching}
          />
        )}
      />
      <ConfirmDialog
        open={pending !== null}
        title="Remove insurance type"
        message={pending ? LIST_MESSAGES.removeInsuranceConfirm(pending.name) : ''}
        confirmLabel="Remove"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const item = pending;
          setPending(null);
          if (!item) return;
          setRemoveError(null);
          remove.mutate(item.insurance_id, {
            onSuccess: () => tab.current?.focus(),
            onError: (err) => setRemoveError(`Failed to remove ${item.name}: ${(err as Error).message}`),
          });
        }}
      />
    </Flex>
  );
}
