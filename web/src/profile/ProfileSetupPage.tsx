/**
 * Profile creation or completion, /profile-setup (spec provider-side sections 2, 4, 5 and 7;
 * back-office-and-shell section 4).
 *
 * - reason (query `?reason=`, or from the stored profile when absent): new_user -> 'Set Up Your
 *   Profile' and POST /user (falls back to PATCH when the user already exists); incomplete_profile ->
 *   'Complete Your Profile', the stored values prefilled, and PATCH /user directly;
 * - validation with ProfileSetupFormSchema (at least one licensed state); after a submit attempt the
 *   error summary 'Please complete these N field(s) before continuing:' gets the focus;
 * - on success: banner, form reset, wait 1 s, re-check the profile, then /back-office for user_type
 *   10 or more, else /dashboard. A failure shows an error banner under the form.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ProfileSetupFormSchema, type Profile, type ProfileForm } from '../../../shared';
import { TIMING_MS } from '../../../shared/constants';
import { UI_MESSAGES } from '../../../shared/messages';
import { isBackOffice } from '../../../shared/roles';
import { useAuth } from '../auth/AuthProvider';
import type { AuthUser } from '../auth/session';
import { sleep } from '../lib/time';
import { FullPageMessage } from '../shell/FullPageMessage';
import { BusyButton } from '../components/BusyButton';
import { ProfileSaveError, createProfile, isProfileReason, updateProfile, type ProfileReason } from './api';
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

const TEXT: Record<ProfileReason, { title: string; subtitle: string; submit: string; success: string }> = {
  new_user: {
    title: 'Set Up Your Profile',
    subtitle: 'Please provide your information to get started.',
    submit: 'Create Profile',
    success: UI_MESSAGES.profileCreated,
  },
  incomplete_profile: {
    title: 'Complete Your Profile',
    subtitle: 'Please complete your profile information to continue.',
    submit: 'Update Profile',
    success: UI_MESSAGES.profileUpdatedAccess,
  },
};

function SetupForm({
  user,
  reason,
  initial,
}: {
  user: AuthUser;
  reason: ProfileReason;
  initial: Profile | null | undefined;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [banner, setBanner] = useState<ProfileBanner | null>(null);
  /** Set once the profile is saved: the button stays busy through the reset and the 1 s wait. */
  const [saved, setSaved] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const form = useForm<ProfileFormValues, unknown, ProfileForm>({
    resolver: profileResolver(ProfileSetupFormSchema),
    defaultValues: profileToFormValues(initial),
    shouldFocusError: false,
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = form;
  const text = TEXT[reason];
  const messages = submitCount > 0 ? errorMessages(errors) : [];
  const npiCheck = useNpiCheck(form);
  const otherPerson = useOtherPersonConfirm(npiCheck);

  const focusSummary = () => setTimeout(() => summaryRef.current?.focus(), 0);
  // The submit button is disabled while saving and would leave keyboard focus on the page after a refusal.

  const save = async (values: ProfileForm) => {
    try {
      if (reason === 'incomplete_profile') await updateProfile(user, values);
      else await createProfile(user, values);
    } catch (err) {
      const saveErr = err instanceof ProfileSaveError ? err : new ProfileSaveError(UI_MESSAGES.profileSaveError);
      applyServerFieldErrors(saveErr.fieldErrors, setError);
      setBanner({ variation: 'error', text: saveErr.message || UI_MESSAGES.profileSaveError });
      if (saveErr.fieldErrors.length) focusSummary();
      return;
    }
    setBanner({ variation: 'success', text: text.success });
    setSaved(true);
    reset(profileToFormValues(null));
    npiCheck.clear();
    await sleep(TIMING_MS.profileSaveRedirect);
    if (!mounted.current) return; // the user went elsewhere during the wait
    let userType = 0;
    try {
      const fresh = await queryClient.fetchQuery({ ...profileQuery(user.sub), staleTime: 0 });
      userType = fresh?.user_type ?? 0;
    } catch {
      // The gate re-checks on the next screen; other errors let the user continue.
    }
    if (mounted.current) navigate(isBackOffice(userType) ? '/back-office' : '/dashboard', { replace: true });
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
        onSubmit={(e) => {
          if (saved) {
            e.preventDefault();
            return;
          }
          void handleSubmit(onValid, focusSummary)(e);
        }}
        aria-labelledby="profile-setup-title"
      >
        <Flex direction="column" gap="0.25rem">
          <Heading level={1} id="profile-setup-title">
            {text.title}
          </Heading>
          <Text color="font.secondary">{text.subtitle}</Text>
        </Flex>
        <ErrorSummary ref={summaryRef} messages={messages} />
        <ProfileFields form={form} npiCheck={npiCheck} />
        {otherPerson.dialog}
        <BusyButton
          type="submit"
          variation="primary"
          alignSelf="flex-start"
          busy={isSubmitting || saved}
          busyText="Saving..."
        >
          {text.submit}
        </BusyButton>
        <ProfileBannerView banner={banner} />
      </Flex>
    </Card>
  );
}

export default function ProfileSetupPage() {
  const { user } = useAuth();
  const profile = useProfile();
  const [params] = useSearchParams();
  if (!user) return null;
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  const asked = params.get('reason');
  // Without a stored profile it is always a creation, whatever the link says (an update would fail).
  const reason: ProfileReason = !profile.data ? 'new_user' : isProfileReason(asked) ? asked : 'incomplete_profile';
  return (
    <Flex justifyContent="center">
      <SetupForm key={`${user.sub}:${reason}`} user={user} reason={reason} initial={profile.data} />
    </Flex>
  );
}
