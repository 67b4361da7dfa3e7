/**
 * The public FAQ's 12 questions (spec back-office-and-shell section 2 "FAQ page"), in the spec's
 * topic order: security, mobile access, adding cases, file formats, team access and permissions,
 * editing cases, no case limits, backup and recovery, export, support, deletion of cases, onboarding.
 *
 * Spec back-office-and-shell: the answers say only what Suture does. Where the spec's marketing topic
 * promises more than the product has (TIFF files, CSV export, an audit log of deletions, 24/7
 * staffing), the answer says what there is. Figures come from the shared constants, so that an
 * answer changes with the rule it describes (shared/constants.ts only: no zod on this public page).
 */
import {
  CASE_FORM_UPLOAD_EXTENSIONS,
  CONTACT_REPLY_HOURS,
  MAX_MISC_DOCUMENTS,
  MAX_PROCEDURE_CODES,
  MAX_UPLOAD_BYTES,
  UPLOAD_EXTENSIONS,
} from '../../../shared/constants';
import { USER_TYPE } from '../../../shared/roles';

export interface PublicFaq {
  id: string;
  question: string;
  answer: string;
}

const upper = (list: readonly string[]) => list.map((e) => e.toUpperCase()).join(', ');
const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** The questions; `supportEmail` is the deployment's support address (runtime config). */
export function publicFaqs(supportEmail: string): PublicFaq[] {
  return [
    {
      id: 'security',
      question: 'How is patient information kept secure?',
      answer:
        'Every page with patient information needs a signed-in account, and every request is checked on the server: ' +
        'a provider reaches only their own cases, surgeons and facilities, and back-office staff only what their ' +
        'user type allows. Data is encrypted in transit (HTTPS only) and at rest. Documents are kept in private ' +
        'storage and opened through short-lived links issued after checking who may see the case. Patient names, ' +
        'dates of birth and document contents are never written to the logs.',
    },
    {
      id: 'mobile',
      question: 'Can I use Suture on my phone or tablet?',
      answer:
        'Yes. Suture runs in the web browser of a phone, tablet or computer; there is nothing to install. The ' +
        'screens adapt to small screens: on a phone the case list shows each case as a card and the navigation ' +
        'folds into a menu.',
    },
    {
      id: 'adding-cases',
      question: 'How do I add a surgical case?',
      answer:
        'On the Case List choose Add New Case, then enter the case date, the patient, the insurance provider, the ' +
        'surgeon, the facility and the procedure codes (CPT or HCPCS), and attach the demographic sheet and the ' +
        'operative note. You can save a case before everything is there: it stays Incomplete and becomes ' +
        'Submitted by itself once the needed information is entered.',
    },
    {
      id: 'file-formats',
      question: 'Which file formats can I upload?',
      answer:
        `On a case's page: ${upper(UPLOAD_EXTENSIONS)}, up to ${MAX_UPLOAD_MB} MB per file. The Add New Case form ` +
        `takes ${upper(CASE_FORM_UPLOAD_EXTENSIONS)} for the demographic sheet and operative note. TIFF files are ` +
        'not accepted: save scans as PDF.',
    },
    {
      id: 'team-access',
      question: 'Who can see our cases, and what can each person do?',
      answer:
        'Everyone signs in with their own account. A provider account sees and edits the cases, surgeons and ' +
        `facilities it created. Back-office staff have a user type that sets what they may do: ${USER_TYPE.CASE_ADMIN} ` +
        `or more works on all cases and their billing status, ${USER_TYPE.USER_ADMIN} or more also manages users, ` +
        `${USER_TYPE.REPORT_ADMIN} or more produces the provider payment report and ${USER_TYPE.GLOBAL_ADMIN} or ` +
        'more manages the reference lists.',
    },
    {
      id: 'editing-cases',
      question: 'Can I edit a case after saving it?',
      answer:
        'Yes. Open the case and edit its details or its documents. If a Submitted case loses a required field or ' +
        'document it goes back to Incomplete until it is complete again. From Submitted on, the billing back office ' +
        'moves the case through payment, negotiation and dispute resolution; you follow each change on the case.',
    },
    {
      id: 'limits',
      question: 'Is there a limit on the number of cases?',
      answer:
        'No: add as many cases as your practice performs; the Case List loads them page by page. Per case, ' +
        `Suture takes up to ${MAX_PROCEDURE_CODES} procedure codes and ${MAX_MISC_DOCUMENTS} miscellaneous ` +
        `documents besides the demographic sheet and operative note, each file up to ${MAX_UPLOAD_MB} MB.`,
    },
    {
      id: 'backup',
      question: 'Is my data backed up?',
      answer:
        'Case and profile data are kept with continuous backups (point-in-time recovery), and document storage keeps ' +
        'earlier versions of each file. Suture is in beta testing, so please also keep your own copies of important ' +
        'information.',
    },
    {
      id: 'export',
      question: 'Can I export my data?',
      answer:
        `Report administrators (user type ${USER_TYPE.REPORT_ADMIN} or more) produce the provider payment report as ` +
        'a PDF: the paid cases of each provider with their pay amounts, subtotals and a grand total. Each case and ' +
        'its documents can be opened and downloaded from its page. Export to CSV is not available yet.',
    },
    {
      id: 'support',
      question: 'How do I get help?',
      answer:
        `Write to ${supportEmail} at any time, or use the Contact page; the team replies within ` +
        `${CONTACT_REPLY_HOURS} hours.`,
    },
    {
      id: 'deleting-cases',
      question: 'Can a case be deleted?',
      answer:
        "Yes, by an authorised user: the case's owner or back-office staff. Suture asks for confirmation first. " +
        'Nothing is destroyed by one click: a deleted case and its documents are kept for 30 days, during which an ' +
        'administrator can restore them; after that they are removed for good.',
    },
    {
      id: 'onboarding',
      question: 'How do new users get started?',
      answer:
        'At first sign-in Suture asks for the profile it needs (name, NPI, address, phone and licensed states), ' +
        'with a Validate button that checks the NPI in the national registry, then opens the Case List. Back-office staff find step-by-step ' +
        'tutorials under FAQ/Tutorials. For a walkthrough for your team, ask through the Contact page.',
    },
  ];
}
