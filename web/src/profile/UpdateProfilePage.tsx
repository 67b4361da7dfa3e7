/**
 * Profile editing, /update-profile (spec provider-side sections 2, 4, 5 and 8). Below the form, the
 * profile's documents (web/src/documents/ProfileDocuments.tsx: document type, upload with progress,
 * View and Download); uploading does not touch the form or its unsaved changes. Then the email
 * reminders (./EmailReminders.tsx), saved on their own. Last, two-step
 * sign-in with an authenticator app (web/src/auth/TotpSection.tsx, loaded lazily).
 *
 * - on load it fetches the signed-in user's profile and fills the form ('Failed to load profile
 *   data.' with Retry on failure);
 * - ProfileFormSchema (licensed states optional); NPI Validate with a check mark on success;
 * - PATCH /user; success 'Profile updated successfully!' for 3 s, then the profile is reloaded; an
 *   error banner clears after 5 s;
 * - unsaved changes (only after the initial load and while not submitting) warn before leaving:
 *   browser unload ('You have unsaved changes. Are you sure you want to leave?') and in-app or
 *   history navigation, including the back button ('You have unsaved changes that will be lost. Are
 *   you sure you want to leave this page?'). Signing out is never blocked.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useBlocker } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ProfileFormSchema, type Profile, type ProfileForm } from '../../../shared';
import { TIMING_MS } from '../../../shared/constants';
import { UI_MESSAGES } from '../../../shared/messages';
import { useAuth } from '../auth/AuthProvider';
import type { AuthUser } from '../auth/session';
import { FullPageMessage } from '../shell/FullPageMessage';
import { BusyButton } from '../components/BusyButton';
import { ProfileSaveError, updateProfile } from './api';
import {
  ErrorSummary,
  ProfileBannerView,
  ProfileFields,
  applyServerFieldErrors,
  blockSubmitOnFailedNpi,
  useOtherPersonConfirm,
  errorMessages,
  profileResolver,
  profileToFormValues,
  useNpiCheck,
  type ProfileBanner,
  type ProfileFormValues,
} from './ProfileFields';
import { profileQuery, useProfile } from './useProfile';
import { ProfileDocuments } from '../documents/ProfileDocuments';
import { EmailReminders } from './EmailReminders';

/** Two-step sign-in: its code and the QR library load only on this screen. */
const TotpSection = lazy(() => import('../auth/TotpSection'));

type Banner = ProfileBanner;

/** Warn before leaving while `dirty` (see module doc). */
function useUnsavedChangesWarning(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(nextLocation.state && typeof nextLocation.state === 'object' && 'signedOut' in nextLocation.state),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UI_MESSAGES.unsavedLost)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return undefined;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers show their own text; older ones show this one.
      event.returnValue = UI_MESSAGES.unsavedLeave;
      return UI_MESSAGES.unsavedLeave;
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
}

function EditForm({ user, profile }: { user: AuthUser; profile: Profile }) {
  const queryClient = useQueryClient();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const form = useForm<ProfileFormValues, unknown, ProfileForm>({
    resolver: profileResolver(ProfileFormSchema),
    defaultValues: profileToFormValues(profile),
    shouldFocusError: false,
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting, submitCount },
  } = form;
  const messages = submitCount > 0 ? errorMessages(errors) : [];
  const npiCheck = useNpiCheck(form, true);
  const otherPerson = useOtherPersonConfirm(npiCheck);
  useUnsavedChangesWarning(isDirty && !isSubmitting);

  // Success messages disappear after 3 s, error banners after 5 s (provider-side sections 4 and 9).
  useEffect(() => {
    if (!banner) return undefined;
    const ms = banner.variation === 'success' ? TIMING_MS.profileSuccessMessage : TIMING_MS.formBannerClear;
    const timer = setTimeout(() => setBanner(null), ms);
    return () => clearTimeout(timer);
  }, [banner]);

  const focusSummary = () => setTimeout(() => summaryRef.current?.focus(), 0);
  // Update Profile is disabled while saving, and Discard Changes once the form is clean: either
  // would leave keyboard focus on the page. Update Profile keeps it, and takes it on Discard.
  const submitRef = useRef<HTMLButtonElement>(null);

  const save = async (values: ProfileForm) => {
    try {
      const saved = await updateProfile(user, values);
      setBanner({ variation: 'success', text: UI_MESSAGES.profileUpdated });
      const fresh = saved ?? (await queryClient.fetchQuery({ ...profileQuery(user.sub), staleTime: 0 }));
      if (fresh) queryClient.setQueryData(profileQuery(user.sub).queryKey, fresh);
      reset(fresh ? profileToFormValues(fresh) : form.getValues());
    } catch (err) {
      const saveErr = err instanceof ProfileSaveError ? err : new ProfileSaveError(UI_MESSAGES.profileUpdateFailed);
      applyServerFieldErrors(saveErr.fieldErrors, setError);
      setBanner({ variation: 'error', text: saveErr.message || UI_MESSAGES.profileUpdateFailed });
      if (saveErr.fieldErrors.length) focusSummary();
    }
  };

  const onValid = async (values: ProfileForm) => {
    setBanner(null);
    // The last Validate of this NPI failed: do not save it.
    if (blockSubmitOnFailedNpi(npiCheck, setError)) {
      focusSummary();
      return;
    }
    // Validate found the NPI under another person's name: save only once the user confirms.
    if (otherPerson.needsConfirm(() => void save(values))) return;
    await save(values);
  };

  return (
    <Card variation="elevated" width="100%" maxWidth="48rem">
      <Flex
        as="form"
        direction="column"
        gap="1.25rem"
        noValidate
        onSubmit={(e) => void handleSubmit(onValid, focusSummary)(e)}
        aria-labelledby="profile-title"
      >
        <Flex direction="column" gap="0.25rem">
          <Heading level={1} id="profile-title">
            Profile
          </Heading>
          <Text color="font.secondary">{profile.user_email || user.email}</Text>
        </Flex>
        <ErrorSummary ref={summaryRef} messages={messages} />
        <ProfileFields form={form} npiCheck={npiCheck} />
        {otherPerson.dialog}
        <Flex gap="0.75rem" wrap="wrap">
          <BusyButton ref={submitRef} type="submit" variation="primary" busy={isSubmitting} busyText="Saving...">
            Update Profile
          </BusyButton>
          <Button
            type="button"
            isDisabled={!isDirty || isSubmitting}
            onClick={() => {
              reset();
              npiCheck.clear();
              submitRef.current?.focus();
            }}
          >
            Discard Changes
          </Button>
        </Flex>
        <ProfileBannerView banner={banner} />
      </Flex>
    </Card>
  );
}

export default function UpdateProfilePage() {
  const { user } = useAuth();
  const profile = useProfile();
  if (!user) return null;
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  if (profile.isError || !profile.data) {
    return (
      <Flex direction="column" gap="1rem" maxWidth="48rem">
        <Alert variation="error">{UI_MESSAGES.profileLoadFailed}</Alert>
        <Button alignSelf="flex-start" onClick={() => void profile.refetch()}>
          Retry
        </Button>
      </Flex>
    );
  }
  return (
    <Flex direction="column" alignItems="center" gap="1.5rem">
      <EditForm key={user.sub} user={user} profile={profile.data} />
      <EmailReminders key={`reminders-${user.sub}`} profile={profile.data} />
      <ProfileDocuments userId={user.sub} documents={profile.data.documents} />
      <Suspense fallback={<Text role="status">Loading two-step sign-in settings...</Text>}>
        <TotpSection accountName={user.email} />
      </Suspense>
    </Flex>
  );
}
