/**
 * User detail, /back-office/users/{userId} (spec back-office-and-shell section 2 "User detail"),
 * for user_type 20 or more (UsersGuard).
 *
 * Read-only sections: Basic Information (user id, email, first and last name, user type with its
 * number, phone), Professional Information (NPI with Validate, states licensed, message preference,
 * referred by user), Address Information, Account Information (created and last updated as long US
 * date with time). States: loading, "User Not Found", "Error Loading User" (with Retry and Back), and
 * Back to User Management. Management: a user type control offering only types
 * below the caller's own, and Delete with a confirmation (only when the spec's rule allows it);
 * neither on one's own page. A type change first shows "from -> to" (and, for a promotion to the
 * back office, that the person will see every case) and asks; then a notice offers Undo for 10
 * seconds (docs/decisions/0025-bulk-and-undo.md).
 */
import { Alert, Badge, Button, Card, Flex, Heading, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams, Link as RouterLink } from 'react-router-dom';
import { MESSAGING_PREFS } from '../../../../shared/constants';
import { formatPhone } from '../../../../shared/display';
import { isBackOffice, roleLabel } from '../../../../shared/roles';
import {
  USER_MGMT_MESSAGES,
  assignableUserTypes,
  userDeleteRefusal,
  userDisplayName,
  userTypeChangeRefusal,
  type UserRecord,
} from '../../../../shared/schemas/users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { UndoNotice } from '../../components/UndoNotice';
import { useAuth } from '../../auth/AuthProvider';
import { useProfile } from '../../profile/useProfile';
import { UserNotFoundError, validateNpi, type NpiCheck } from './api';
import { apiErrorMessage } from '../../lib/apiErrors';
import { useChangeUserType, useDeleteUser, useUser } from './queries';
import { BusyButton, RetryButton } from '../../components/BusyButton';
import { useFocusReturn } from '../../components/useFocusReturn';

export const USERS_PATH = '/back-office/users/';

/** Long US date with time, e.g. "March 4, 2026 at 2:05 PM"; empty or unreadable -> "N/A" or the raw text. */
export function longDateTime(iso: string): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

function messagePrefLabel(pref: number | undefined): string {
  if (pref === undefined) return 'N/A';
  const known = (MESSAGING_PREFS as readonly { value: number; label: string }[]).find((p) => p.value === pref);
  return known ? known.label : String(pref);
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="0.125rem" flex="1 1 14rem">
      <Text as="dt" fontSize="small" color="font.secondary">
        {label}
      </Text>
      <Text as="dd" margin="0" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Flex>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variation="outlined">
      <Heading level={2} marginBottom="0.75rem">
        {title}
      </Heading>
      <Flex as="dl" wrap="wrap" gap="1rem" margin="0">
        {children}
      </Flex>
    </Card>
  );
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button onClick={() => navigate(USERS_PATH)} alignSelf="flex-start">
      Back to User Management
    </Button>
  );
}

function NpiValidate({ npi }: { npi: string }) {
  const [state, setState] = useState<'idle' | 'validating' | NpiCheck>('idle');
  return (
    <Flex direction="column" gap="0.25rem" alignItems="flex-start">
      <Flex alignItems="center" gap="0.5rem">
        <span>{npi || 'N/A'}</span>
        <BusyButton
          size="small"
          busy={state === 'validating'}
          busyText="Validating..."
          onClick={async () => {
            setState('validating');
            setState(await validateNpi(npi));
          }}
        >
          Validate
        </BusyButton>
      </Flex>
      {typeof state === 'object' && (
        <Text as="span" role="status" color={state.valid ? 'font.success' : 'font.error'} fontSize="small">
          {state.message}
        </Text>
      )}
    </Flex>
  );
}

const typeName = (t: number) => `${roleLabel(t)} (${t})`;

/** The words of a type change: the question, and the notices after it and after its undo. */
export const userTypeText = {
  confirm: (name: string, from: number, to: number) =>
    `${name}: ${typeName(from)} → ${typeName(to)}.` +
    (isBackOffice(to) && !isBackOffice(from)
      ? " They will see every practice's cases, patient details included."
      : '') +
    ' You can undo it for 10 seconds.',
  changed: (to: number) => `${USER_MGMT_MESSAGES.userTypeUpdated}: ${typeName(to)}`,
  undone: (to: number) => `Undone: the user type is ${typeName(to)} again`,
};

/** The user type control and Delete, shown only where the caller's rules allow. */
function ManageUser({ user, callerType, self }: { user: UserRecord; callerType: number; self: boolean }) {
  const navigate = useNavigate();
  const options = assignableUserTypes(callerType, user.user_type);
  const [chosen, setChosen] = useState(String(user.user_type));
  const [confirming, setConfirming] = useState(false);
  const [confirmType, setConfirmType] = useState(false);
  /** The type before the last change, while its Undo is offered; null once the notice closed. */
  const [undoTo, setUndoTo] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const change = useChangeUserType(user.user_id);
  const undo = useChangeUserType(user.user_id);
  const remove = useDeleteUser(user.user_id);
  // Once the type question is gone, focus returns to Change user type after Cancel, or to the
  // select after a change (the button is then disabled).
  const typeSelect = useRef<HTMLSelectElement>(null);
  const typeSubmit = useRef<HTMLButtonElement>(null);
  const returnFocusTo = useFocusReturn(confirmType);
  const canChange = userTypeChangeRefusal({ callerType, targetType: user.user_type, newType: 0, self }) === undefined;
  const canDelete = !self && userDeleteRefusal({ callerType, targetType: user.user_type }) === undefined;
  if (!canChange && !canDelete) return null;
  return (
    <Card variation="outlined">
      <Heading level={2} marginBottom="0.75rem">
        Manage User
      </Heading>
      <Flex direction="column" gap="0.75rem">
        {canChange && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setConfirmType(true);
            }}
          >
            <Flex gap="0.5rem" alignItems="flex-end" wrap="wrap">
              <SelectField
                ref={typeSelect}
                label="User type"
                value={chosen}
                onChange={(e) => setChosen(e.target.value)}
                descriptiveText={`Types below your own (${callerType})`}
              >
                {options.map((t) => (
                  <option key={t} value={String(t)}>
                    {roleLabel(t)} ({t})
                  </option>
                ))}
              </SelectField>
              <BusyButton
                ref={typeSubmit}
                type="submit"
                isDisabled={Number(chosen) === user.user_type}
                busy={change.isPending}
                busyText="Saving..."
              >
                Change user type
              </BusyButton>
            </Flex>
            {notice && (
              <UndoNotice
                message={notice}
                busy={undo.isPending}
                onUndo={
                  undoTo === null
                    ? undefined
                    : () =>
                        undo.mutate(undoTo, {
                          onSuccess: (u) => {
                            setChosen(String(u.user_type));
                            setUndoTo(null);
                            setNotice(userTypeText.undone(u.user_type));
                          },
                          onError: () => setNotice(null),
                        })
                }
                onClose={() => {
                  setNotice(null);
                  setUndoTo(null);
                }}
              />
            )}
            {(change.isError || undo.isError) && (
              <Alert variation="error" role="alert">
                {apiErrorMessage('serverRefusal', change.error ?? undo.error)}
              </Alert>
            )}
          </form>
        )}
        {canDelete && (
          <Flex direction="column" gap="0.5rem" alignItems="flex-start">
            <BusyButton
              variation="destructive"
              onClick={() => setConfirming(true)}
              busy={remove.isPending}
              busyText="Deleting..."
            >
              Delete user
            </BusyButton>
            <Text fontSize="small" color="font.secondary">
              Their account is disabled and their profile removed; their cases stay.
            </Text>
            {remove.isError && (
              <Alert variation="error" role="alert">
                {apiErrorMessage('serverRefusal', remove.error)}
              </Alert>
            )}
          </Flex>
        )}
      </Flex>
      {/* Mounted only while asking, so its name never doubles the select's label. */}
      {confirmType && (
        <ConfirmDialog
          open
          title="Change user type"
          message={userTypeText.confirm(userDisplayName(user), user.user_type, Number(chosen))}
          confirmLabel="Change user type"
          tone="primary"
          onCancel={() => {
            returnFocusTo(typeSubmit.current);
            setConfirmType(false);
          }}
          onConfirm={() => {
            const before = user.user_type;
            returnFocusTo(typeSelect.current);
            setConfirmType(false);
            setNotice(null);
            undo.reset();
            change.mutate(Number(chosen), {
              onSuccess: (u) => {
                setUndoTo(before);
                setNotice(userTypeText.changed(u.user_type));
              },
            });
          }}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete user"
        message={`Are you sure you want to delete ${`${user.first_name} ${user.last_name}`.trim() || user.user_email || user.user_id}? Their account will be disabled.`}
        confirmLabel="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(undefined, { onSuccess: () => navigate(USERS_PATH) });
        }}
      />
    </Card>
  );
}

export default function UserDetailPage() {
  const { userId } = useParams();
  const { user: me } = useAuth();
  const profile = useProfile();
  const query = useUser(userId);

  if (!userId) {
    return (
      <Flex direction="column" gap="1rem">
        <Alert variation="error" role="alert">
          {USER_MGMT_MESSAGES.noUserId}
        </Alert>
        <BackButton />
      </Flex>
    );
  }
  if (query.isPending) {
    return (
      <Flex alignItems="center" gap="0.5rem" role="status">
        <Loader aria-hidden="true" />
        <Text>Loading user...</Text>
      </Flex>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof UserNotFoundError;
    return (
      <Flex direction="column" gap="1rem">
        <Heading level={1}>{notFound ? 'User Not Found' : 'Error Loading User'}</Heading>
        <Alert variation="error" role="alert">
          {apiErrorMessage('userDetail', query.error)}
        </Alert>
        <Flex gap="0.5rem" wrap="wrap">
          {!notFound && <RetryButton query={query} />}
          <BackButton />
        </Flex>
      </Flex>
    );
  }
  const u = query.data;
  const self = me?.sub === u.user_id;
  return (
    <Flex direction="column" gap="1rem">
      <RouterLink to={USERS_PATH}>← Back to User Management</RouterLink>
      <Flex alignItems="center" gap="0.75rem" wrap="wrap">
        <Heading level={1}>{`${u.first_name} ${u.last_name}`.trim() || u.user_email || u.user_id}</Heading>
        <Badge>
          {roleLabel(u.user_type)} ({u.user_type})
        </Badge>
        {/* aria-disabled, not isLoading (disabled), while reading: the pressed button keeps the focus. */}
        <Button
          size="small"
          aria-disabled={query.isFetching}
          onClick={() => {
            if (!query.isFetching) void query.refetch();
          }}
        >
          {query.isFetching ? 'Loading...' : 'Retry'}
        </Button>
      </Flex>
      <Section title="Basic Information">
        <Field label="User ID">{u.user_id}</Field>
        <Field label="Email">{u.user_email || 'N/A'}</Field>
        <Field label="First Name">{u.first_name || 'N/A'}</Field>
        <Field label="Last Name">{u.last_name || 'N/A'}</Field>
        <Field label="User Type">
          {roleLabel(u.user_type)} ({u.user_type})
        </Field>
        <Field label="Phone">{formatPhone(u.telephone)}</Field>
      </Section>
      <Section title="Professional Information">
        <Field label="NPI">
          <NpiValidate npi={u.user_npi} />
        </Field>
        <Field label="States Licensed">{u.states_licensed.length ? u.states_licensed.join(', ') : 'N/A'}</Field>
        <Field label="Message Preference">{messagePrefLabel(u.message_pref)}</Field>
        <Field label="Referred By User">{u.referred_by_user || 'N/A'}</Field>
      </Section>
      <Section title="Address Information">
        <Field label="Address Line 1">{u.addr1 || 'N/A'}</Field>
        <Field label="Address Line 2">{u.addr2 || 'N/A'}</Field>
        <Field label="City">{u.city || 'N/A'}</Field>
        <Field label="State">{u.state || 'N/A'}</Field>
        <Field label="ZIP">{u.zipcode || 'N/A'}</Field>
      </Section>
      <Section title="Account Information">
        <Field label="Created">{longDateTime(u.createdAt)}</Field>
        <Field label="Last Updated">{longDateTime(u.updatedAt)}</Field>
      </Section>
      {!profile.isPending && <ManageUser user={u} callerType={profile.userType} self={self} />}
      <BackButton />
    </Flex>
  );
}
