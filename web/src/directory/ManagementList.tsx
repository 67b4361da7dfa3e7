/**
 * The list screens of surgeons and facilities (spec provider-side section 2 "Surgeon Management",
 * "Facility Management"; sections 4, 6 and 8): heading, an Add button, then loading, the load error,
 * an empty state, or the list with Edit (when the entity has an edit screen) and Delete per entry (delete after a confirm dialog, then
 * 'Delete failed: {message}' on failure). A load failure shows its message; one that contains 'not
 * authenticated' signs out and goes to / (spec sections 6 and 8).
 *
 * Layout: one list (`ul`) whose rows line up as columns from 640 px and stack as cards below; on
 * wide screens a column header row is shown (hidden from screen readers, which hear each field's
 * own label). Action buttons are at least 44 x 44 px.
 *
 * Finding: with `find`, a search box above the list; the parent passes the entries whose names hold
 * the typed words (facilities: every saved one, filtered in the browser).
 *
 * Paged lists: with `paging`, the list ends with a "Showing N surgeons" live status and a
 * Load more button while the server has more (web/src/components/LoadMore.tsx); `items` are the pages
 * loaded so far.
 */
import { Alert, Button, Flex, Heading, SearchField, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router-dom';
import { messageTemplates } from '../../../shared/messages';
import { useAuth } from '../auth/AuthProvider';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EditIcon, TrashIcon } from '../components/icons';
import { LoadMore } from '../components/LoadMore';
import { ListEmpty, ListLoading } from '../shell/ListStates';
import { DismissibleError } from '../components/DismissibleError';

export interface ListColumn<T> {
  label: string;
  value: (item: T) => string;
}

export interface ManagementListProps<T> {
  title: string;
  /** e.g. 'Add Surgeon'. */
  addLabel: string;
  addPath: string;
  /** Singular noun for messages, e.g. 'surgeon'. */
  noun: string;
  items: readonly T[] | undefined;
  isLoading: boolean;
  loadError: Error | null;
  columns: readonly ListColumn<T>[];
  itemKey: (item: T) => string;
  /** Accessible name of an entry, e.g. 'Dr. John Smith'. */
  itemName: (item: T) => string;
  /** The edit screen of an entry; absent: no Edit button (facilities: the spec supports no update). */
  editPath?: (item: T) => string;
  emptyTitle: string;
  emptyText: string;
  /** Deletes one entry (rejects with an Error whose message is shown). */
  onDelete: (item: T) => Promise<void>;
  /** A box that finds saved entries by words of their names; the parent passes the matching `items`. */
  find?: { label: string; value: string; onChange: (text: string) => void };
  /** Server paging: more pages, loading state, the next page's error, and the loader. */
  paging?: {
    /** Plural noun of the status line, e.g. 'surgeons'. */
    plural: string;
    hasMore: boolean;
    isLoadingMore: boolean;
    loadMoreError?: Error | null;
    onLoadMore: () => void;
  };
}

const CSS = `
.suture-dir-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.5rem; }
.suture-dir-row, .suture-dir-head { display: grid; grid-template-columns: minmax(0, 1fr) 96px; gap: 0.5rem 1rem; align-items: center; }
.suture-dir-row { padding: 0.5rem 0.75rem 0.5rem 1rem; background: var(--amplify-colors-background-primary, #fff);
  border: 1px solid var(--amplify-colors-border-secondary, #ddd); border-radius: 8px; }
.suture-dir-head { padding: 0 0.75rem 0 1rem; font-weight: 600; color: var(--amplify-colors-font-secondary); }
.suture-dir-fields { display: grid; grid-template-columns: repeat(var(--suture-dir-cols), minmax(0, 1fr)); gap: 0.25rem 1rem; margin: 0; }
.suture-dir-fields dd { margin: 0; overflow-wrap: anywhere; }
.suture-dir-fields dt { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.suture-dir-actions { display: flex; gap: 0.25rem; }
.suture-dir-actions button { min-width: 44px; min-height: 44px; }
@media (max-width: 639.98px) {
  .suture-dir-head { display: none; }
  .suture-dir-row { grid-template-columns: minmax(0, 1fr); padding: 0.75rem 1rem; }
  .suture-dir-fields { grid-template-columns: minmax(0, 1fr); }
  .suture-dir-fields > div { display: flex; gap: 0.5rem; }
  .suture-dir-fields dt { position: static; width: auto; height: auto; overflow: visible; clip: auto;
    font-weight: 600; min-width: 7rem; }
  .suture-dir-actions { justify-content: flex-end; }
}
`;

export function ManagementList<T>(props: ManagementListProps<T>) {
  const {
    title,
    addLabel,
    addPath,
    noun,
    items,
    isLoading,
    loadError,
    columns,
    itemKey,
    itemName,
    editPath,
    emptyTitle,
    emptyText,
    onDelete,
    paging,
    find,
  } = props;
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const notAuthenticated = Boolean(loadError && /not authenticated/i.test(loadError.message));
  useEffect(() => {
    if (!notAuthenticated) return;
    void signOut().then(() => navigate('/', { replace: true }));
  }, [notAuthenticated, signOut, navigate]);

  const confirmDelete = () => {
    const item = toDelete;
    setToDelete(null);
    // The entry (and its Delete button) goes away: keep keyboard focus on the page. After the
    // dialog has closed: closing it returns focus to its opener, that Delete button.
    setTimeout(() => headingRef.current?.focus(), 0);
    if (item === null) return;
    const key = itemKey(item);
    setDeleting(key);
    setDeleteError(null);
    onDelete(item)
      .catch((err: unknown) =>
        setDeleteError(messageTemplates.deleteFailed(err instanceof Error ? err.message : String(err))),
      )
      .finally(() => setDeleting(null));
  };

  let body;
  if (loadError) {
    body = (
      <Alert variation="error" role="alert">
        {loadError.message}
      </Alert>
    );
  } else if (isLoading || items === undefined) {
    body = <ListLoading />;
  } else if (items.length === 0 && find && find.value.trim() !== '') {
    body = <Text role="status">No saved {noun} has a name with these words.</Text>;
  } else if (items.length === 0 && !paging?.hasMore) {
    body = (
      <ListEmpty heading={emptyTitle}>
        <Text marginTop="small">{emptyText}</Text>
        <Button variation="primary" marginTop="medium" onClick={() => navigate(addPath)}>
          {addLabel}
        </Button>
      </ListEmpty>
    );
  } else {
    const cols = { '--suture-dir-cols': columns.length } as CSSProperties;
    body = (
      <div>
        <div className="suture-dir-head" aria-hidden="true">
          <div className="suture-dir-fields" style={cols}>
            {columns.map((c) => (
              <span key={c.label}>{c.label}</span>
            ))}
          </div>
          <span>Actions</span>
        </div>
        <ul className="suture-dir-list" aria-label={title}>
          {items.map((item) => {
            const key = itemKey(item);
            const name = itemName(item);
            return (
              <li key={key} className="suture-dir-row" data-item-id={key}>
                <dl className="suture-dir-fields" style={cols}>
                  {columns.map((c) => (
                    <div key={c.label}>
                      <dt>{c.label}</dt>
                      <dd>{c.value(item)}</dd>
                    </div>
                  ))}
                </dl>
                <div className="suture-dir-actions">
                  {editPath ? (
                    <Button
                      size="small"
                      variation="link"
                      aria-label={`Edit ${name}`}
                      title={`Edit ${name}`}
                      onClick={() => navigate(editPath(item))}
                    >
                      <EditIcon />
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    variation="link"
                    colorTheme="error"
                    aria-label={`Delete ${name}`}
                    title={`Delete ${name}`}
                    isDisabled={deleting === key}
                    onClick={() => setToDelete(item)}
                  >
                    <TrashIcon />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        {paging && (
          <LoadMore
            shown={items.length}
            noun={[noun, paging.plural]}
            hasMore={paging.hasMore}
            isLoading={paging.isLoadingMore}
            error={paging.loadMoreError}
            onLoadMore={paging.onLoadMore}
          />
        )}
      </div>
    );
  }

  return (
    <Flex direction="column" gap="medium">
      <style>{CSS}</style>
      <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="small">
        <Heading level={1} ref={headingRef} tabIndex={-1}>
          {title}
        </Heading>
        <Button variation="primary" onClick={() => navigate(addPath)} style={{ minHeight: 44 }}>
          {addLabel}
        </Button>
      </Flex>
      {deleteError && (
        <DismissibleError onDismiss={() => setDeleteError(null)} focusOnDismiss={headingRef}>
          {deleteError}
        </DismissibleError>
      )}
      {find && (find.value !== '' || (items !== undefined && items.length > 0)) ? (
        <SearchField
          label={find.label}
          placeholder="Any word of the name"
          value={find.value}
          onChange={(e) => find.onChange(e.target.value)}
          onClear={() => find.onChange('')}
          maxWidth="28rem"
        />
      ) : null}
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${noun}`}
        message={toDelete === null ? '' : `Are you sure you want to delete ${itemName(toDelete)}?`}
        confirmLabel="Delete"
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </Flex>
  );
}
