/**
 * Content of the back-office FAQ/Tutorials page (spec back-office-and-shell sections 2 "Back-office
 * FAQ/Tutorials" and 3 "FAQ item" / "Tutorial"): FAQ items `{ id, question,
 * answer, category }` in the categories general, cases, users, system, and tutorials `{ id, title,
 * description, category, steps }` in getting-started, case-management, user-management, advanced.
 *
 * True of Suture: the ten statuses and their numbers come from shared/statuses.ts, the rule that
 * makes a case Submitted from shared/workflow.ts, the user types from shared/roles.ts. After
 * Submitted the back office (user_type 10 or more) moves a case with the status control on each row
 * of Case Management and on Case Details (PUT /case); a move to a lower status asks for a reason.
 */
import { CASE_STATUSES } from '../../../../shared/statuses';
import { COMPLETENESS_REQUIREMENTS, INCOMPLETE_STATUS, SUBMITTED_STATUS } from '../../../../shared/workflow';
import { USER_TYPE, roleLabel } from '../../../../shared/roles';

export const FAQ_CATEGORIES = [
  { value: 'general', label: 'General' },
  { value: 'cases', label: 'Cases' },
  { value: 'users', label: 'Users' },
  { value: 'system', label: 'System' },
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number]['value'];

export const TUTORIAL_CATEGORIES = [
  { value: 'getting-started', label: 'Getting Started' },
  { value: 'case-management', label: 'Case Management' },
  { value: 'user-management', label: 'User Management' },
  { value: 'advanced', label: 'Advanced' },
] as const;
export type TutorialCategory = (typeof TUTORIAL_CATEGORIES)[number]['value'];

/** An FAQ item; `answer` is paragraphs, `list` an optional list shown after the first paragraph. */
export interface FaqItem {
  id: string;
  question: string;
  answer: string[];
  list?: string[];
  category: FaqCategory;
}

export interface Tutorial {
  id: string;
  title: string;
  description: string;
  category: TutorialCategory;
  steps: string[];
}

const label = (value: number) => CASE_STATUSES.find((s) => s.value === value)?.label ?? String(value);
const INCOMPLETE = `${label(INCOMPLETE_STATUS)} (${INCOMPLETE_STATUS})`;
const SUBMITTED = `${label(SUBMITTED_STATUS)} (${SUBMITTED_STATUS})`;
const PAID = CASE_STATUSES.find((s) => s.key === 'paid');

/** What each user type adds (spec section 6), by threshold. */
const USER_TYPES: { type: number; adds: string }[] = [
  { type: USER_TYPE.PROVIDER, adds: 'their own cases, surgeons and facilities only (any type below 10)' },
  { type: USER_TYPE.CASE_ADMIN, adds: 'the back office: all cases, status changes and pay amounts' },
  {
    type: USER_TYPE.USER_ADMIN,
    adds: 'User Mgmt: view, invite and delete users and change their user type (below their own)',
  },
  { type: USER_TYPE.REPORT_ADMIN, adds: 'Reports: the provider payment report' },
  { type: USER_TYPE.GLOBAL_ADMIN, adds: 'List Mgmt: CPT codes, insurance types and doctor types' },
  { type: USER_TYPE.SUPER_USER, adds: 'everything above' },
];

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'what-is-back-office',
    category: 'general',
    question: 'What is the back office?',
    answer: [
      `The back office is for billing staff with a user type of ${USER_TYPE.CASE_ADMIN} or more. It shows every ` +
        "practice's cases (providers see only their own) and is where a case is moved through billing once it is " +
        'Submitted. Which other screens appear depends on your user type.',
    ],
  },
  {
    id: 'user-types',
    category: 'general',
    question: 'What do the user types mean?',
    answer: ['Each account has a numeric user type; each level adds to the ones below it:'],
    list: USER_TYPES.map((t) => `${t.type} ${roleLabel(t.type)}: ${t.adds}.`),
  },
  {
    id: 'statuses',
    category: 'cases',
    question: 'What do the case statuses and their numbers mean?',
    answer: ['Every case has one of ten statuses, stored as a number:'],
    list: CASE_STATUSES.map((s) => `${s.value}: ${s.label}`),
  },
  {
    id: 'submitted',
    category: 'cases',
    question: 'How does a case become Submitted?',
    answer: [
      'Statuses update automatically from the case workflow once the needed information is entered. A new case ' +
        `starts at ${INCOMPLETE}; the save or upload that completes it moves it to ${SUBMITTED}. A case is complete ` +
        'when it has all of:',
      `If a Submitted case loses one of these (a document removed, say), it goes back to ${INCOMPLETE}. Nobody sets ` +
        'these two statuses by hand.',
    ],
    list: COMPLETENESS_REQUIREMENTS.map((r) => r.label),
  },
  {
    id: 'after-submitted',
    category: 'cases',
    question: 'Who moves a case after it is Submitted?',
    answer: [
      `The back office (user type ${USER_TYPE.CASE_ADMIN} or more), with the status control on each row of Case ` +
        'Management or on Case Details. Moving a case to a lower status asks for a reason. Every change is kept in ' +
        "the case's status history: from, to, who, when and the reason. Providers cannot change a status; they see " +
        'it on their cases.',
    ],
  },
  {
    id: 'pay-amount',
    category: 'cases',
    question: 'Where is the pay amount entered?',
    answer: [
      'On Case Details, by the back office, in dollars with cents. The provider sees it on the case but cannot ' +
        `change it. Total Revenue on the analytics dashboard is the sum of the pay amounts; Pending Cases counts the ` +
        `cases at ${PAID?.label ?? 'Paid'} (${PAID?.value ?? 20}), the status the provider payment report covers.`,
    ],
  },
  {
    id: 'case-notes',
    category: 'cases',
    question: 'How do I write to the practice about a case?',
    answer: [
      'In Notes on Case Details. The practice that owns the case and the back office see the same thread, newest ' +
        'first, with who wrote each note, their role and when. Notes stay in Suture: they are not emailed or ' +
        'exported, and they cannot be edited or deleted.',
    ],
  },
  {
    id: 'change-user-type',
    category: 'users',
    question: "Who can change a user's type?",
    answer: [
      `Users of type ${USER_TYPE.USER_ADMIN} or more, on the user's page in User Mgmt. They can set another ` +
        "user's type to any value below their own; nobody can change their own type. Back-office types " +
        `(${USER_TYPE.CASE_ADMIN} or more) are placed in the admin sign-in group, the others in the surgeon group.`,
    ],
  },
  {
    id: 'delete-user',
    category: 'users',
    question: 'Who can delete a user, and what happens to their cases?',
    answer: [
      `Users of type ${USER_TYPE.USER_ADMIN} or more can delete users whose type is at most their own minus 1. The ` +
        "account is disabled and the profile removed; the user's cases stay and the back office still sees them.",
    ],
  },
  {
    id: 'invite-user',
    category: 'users',
    question: 'How does a new user get an account?',
    answer: [
      'There is no self sign-up. A user of type ' +
        `${USER_TYPE.USER_ADMIN} or more invites someone by email from User Mgmt: they receive a temporary ` +
        'password by email and set up their profile at first sign-in.',
    ],
  },
  {
    id: 'documents',
    category: 'system',
    question: 'Where are documents kept?',
    answer: [
      'In private, encrypted storage. Suture issues a short-lived link to open or download a document only after ' +
        'checking that the person may see the case; links are never shared between users.',
    ],
  },
  {
    id: 'system-status',
    category: 'system',
    question: 'What does System Status on the back-office home show?',
    answer: [
      "The API's and the database's health, measured when the page loads: a failed check shows as a problem, not " +
        'as a fixed "operational" label.',
    ],
  },
  {
    id: 'signed-out',
    category: 'system',
    question: 'Why was I sent back to the sign-in page?',
    answer: [
      'Your session ended: it expired, or you signed out in another tab. Sign in again. A link to a page opened ' +
        'while signed out brings you back to that page after sign-in.',
    ],
  },
];

export const TUTORIALS: readonly Tutorial[] = [
  {
    id: 'first-steps',
    category: 'getting-started',
    title: 'Your first steps in the back office',
    description: 'Sign in and find the screens your user type opens.',
    steps: [
      'Sign in with your email and password.',
      'If Suture asks for your profile, complete it; back-office users then land on the back-office Home.',
      'Home shows Total Cases, Quick Actions and System Status.',
      `The navigation shows Dashboard and Case Mgmt from type ${USER_TYPE.CASE_ADMIN}, User Mgmt from ` +
        `${USER_TYPE.USER_ADMIN}, Reports from ${USER_TYPE.REPORT_ADMIN} and List Mgmt from ${USER_TYPE.GLOBAL_ADMIN}.`,
    ],
  },
  {
    id: 'statuses-tour',
    category: 'getting-started',
    title: 'Read a case status',
    description: 'What the status badge tells you and who acts next.',
    steps: [
      `${INCOMPLETE}: the practice still has information or documents to add.`,
      `${SUBMITTED}: complete; the back office takes it from here.`,
      ...CASE_STATUSES.filter((s) => s.value > SUBMITTED_STATUS).map(
        (s) => `${s.label} (${s.value}): set by the back office.`,
      ),
    ],
  },
  {
    id: 'move-case',
    category: 'case-management',
    title: 'Move a case to its next status',
    description: 'Change a status from Case Management or Case Details.',
    steps: [
      'Open Case Mgmt and find the case: search by patient name, case id or insurance, or filter by status or user.',
      'Choose the new status in the status control of its row (or on Case Details).',
      'Moving to a lower status asks for a reason: enter it and confirm.',
      "The change is recorded in the case's status history with who made it and when.",
    ],
  },
  {
    id: 'pay-amount',
    category: 'case-management',
    title: 'Enter a pay amount',
    description: 'Record what was paid for a case.',
    steps: [
      'Open the case from Case Mgmt to reach Case Details.',
      'Enter the pay amount in dollars and cents and save.',
      'The provider sees the amount on the case; Total Revenue on the dashboard includes it.',
    ],
  },
  {
    id: 'change-type',
    category: 'user-management',
    title: "Change a user's type",
    description: `For user type ${USER_TYPE.USER_ADMIN} or more.`,
    steps: [
      'Open User Mgmt and search by name, email or NPI.',
      "Open the user's page.",
      'Choose a user type below your own and confirm.',
    ],
  },
  {
    id: 'invite',
    category: 'user-management',
    title: 'Invite a user',
    description: `For user type ${USER_TYPE.USER_ADMIN} or more.`,
    steps: [
      'Open User Mgmt and choose to invite a user.',
      'Enter their email address and send.',
      'They receive a temporary password by email and set up their profile at first sign-in.',
    ],
  },
  {
    id: 'payment-report',
    category: 'advanced',
    title: 'Produce the provider payment report',
    description: `For user type ${USER_TYPE.REPORT_ADMIN} or more.`,
    steps: [
      'Open Reports.',
      'Choose a provider, or leave it blank for all providers.',
      `Generate: a PDF of the cases at ${PAID?.label ?? 'Paid'} per provider, with subtotals and a grand total, downloads.`,
      'Your recent reports are listed on the page.',
    ],
  },
  {
    id: 'reference-lists',
    category: 'advanced',
    title: 'Keep the reference lists up to date',
    description: `For user type ${USER_TYPE.GLOBAL_ADMIN} or more.`,
    steps: [
      'Open List Mgmt.',
      'CPT Codes: search the codes, or import the CMS fee-schedule file and follow its progress.',
      'Insurance Types: add, rename or remove the payers offered on the case form.',
      'Doctor Types: search the provider taxonomy.',
    ],
  },
];
