/**
 * First-start seeding of the local runtime, idempotent.
 *
 * - Cognito: the demo accounts below, password {@link DEMO_PASSWORD}, in their groups.
 * - Profiles (users table): every account but newuser, with the user_type given below.
 * - For provider1 and provider2: surgeons and facilities taken from the emulated NPPES registry,
 *   and cases over all ten statuses and the last twelve months (pay amounts from Paid on),
 *   with procedure codes of the starter CPT list. Documents follow the case workflow rule
 *   (shared/workflow.ts): an Incomplete (0) case lacks its operative note (every other one also its
 *   demographic sheet); every case from Submitted (10) on has both, every third one also a
 *   miscellaneous document. Each referenced key (lambdas/document/keys.ts layout) holds a real, tiny,
 *   fictitious PDF made with pdf-lib, with the spec's metadata.
 * - For provider1's cases in statuses 40 to 90: No Surprises Act disputes dated from today
 *   (local/seed-disputes.ts), recorded by caseadmin through the dispute data module.
 * - The starter CPT list (lambdas/cpt_codes/starter.ts).
 * - The payer list of Insurance Types from the spec's 20 names (lambdas/data/lists/repository.ts).
 *
 * Every write goes through the Lambdas' repositories (the same code paths as the API). Ids are
 * deterministic (surgeon/facility ids, case ids from fixed timestamps), so an interrupted seed is
 * completed by the next start; a finished seed is recorded in `<dataDir>/local.json` and skipped.
 * Patient names are obviously fictitious (NATO alphabet first names, made-up last names).
 *
 * One seed, two callers: {@link seedDemo} takes the Cognito client, the user
 * pool id and the table and bucket names, and is what both the local runtime (through
 * {@link seedDemoData}, which adds the `local.json` bookkeeping) and `npm run seed:stage`
 * (bin/seed-stage.ts, against a deployed stage) run.
 */
import { createHash } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CreateGroupCommand,
  ListGroupsCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  CASE_STATUSES,
  FIRST_PAID_STATUS,
  INCOMPLETE_STATUS,
  INSURANCE_SUGGESTIONS,
  USER_TYPE,
  type FileKeys,
} from '../shared';
import { formatAddress, formatFacilityName, titleCaseName } from '../shared/display';
import { createCase, getCase } from '../lambdas/data/case/repository';
import { numberExistingCases } from '../lambdas/data/case/numbering';
import { importStarterList, STARTER_CODES } from '../lambdas/cpt_codes/starter';
import { ensureInsuranceSeeded } from '../lambdas/data/lists/repository';
import { caseDocumentKey } from '../lambdas/document/keys';
import { resetAwsClients, s3Client } from '../lambdas/lib/aws';
import { getEnv, resetEnvCache } from '../lambdas/lib/env';
import { buildCaseId } from '../lambdas/data/case/keys';
import { physicalTableName, TABLES } from '../lambdas/lib/tables';
import { COGNITO_GROUPS } from '../shared/roles';
import { putFacility } from '../lambdas/data/owned/facilities';
import { putSurgeon } from '../lambdas/data/owned/surgeons';
import { createProfile } from '../lambdas/data/user/repository';
import { mulberry32, getRegistry, type NppesIndividual, type NppesOrganization } from './nppes-registry';
import { readState, updateState } from './state';
import { MIN_CASE_AGE_DAYS, planDisputes, seedDisputes } from './seed-disputes';
import { todayInNewYork } from '../lambdas/data/dispute/calendar';

/** Password of every demo account (README lists them). */
export const DEMO_PASSWORD = 'Suture-Demo-2026!';

/** Bump when the seed data changes shape: a data dir seeded with an older version is not re-seeded (reset instead). */
export const SEED_VERSION = 5;

export interface DemoAccount {
  email: string;
  groups: readonly ('admin' | 'surgeon' | 'staff')[];
  /** user_type of the profile; undefined = no profile (newuser). */
  userType?: number;
  /** Registry surgeon whose name, address and NPI the profile uses. */
  registryIndex?: number;
  /** Cases to seed for this account (providers only). */
  cases?: number;
  /** Its cases in statuses 40 to 90 get demo disputes (local/seed-disputes.ts). */
  disputes?: boolean;
  /** Registry indexes of the surgeons and facilities to add for this account (providers only). */
  surgeons?: readonly number[];
  facilities?: readonly number[];
}

/** The account that records the demo disputes (the back office records dispute events). */
const DISPUTE_RECORDER = 'caseadmin@example.com';

/** The demo sign-ins. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'provider1@example.com',
    groups: ['surgeon'],
    userType: USER_TYPE.PROVIDER,
    registryIndex: 0,
    cases: 64,
    disputes: true,
    surgeons: [10, 11, 12, 13, 14, 15, 16, 17],
    facilities: [0, 1, 2, 3, 4],
  },
  {
    email: 'provider2@example.com',
    groups: ['surgeon'],
    userType: USER_TYPE.PROVIDER,
    registryIndex: 1,
    cases: 24,
    surgeons: [20, 21, 22, 23, 24, 25],
    facilities: [10, 11, 12, 13],
  },
  { email: 'newuser@example.com', groups: ['surgeon'] },
  { email: 'caseadmin@example.com', groups: ['admin'], userType: USER_TYPE.CASE_ADMIN, registryIndex: 290 },
  { email: 'useradmin@example.com', groups: ['admin'], userType: USER_TYPE.USER_ADMIN, registryIndex: 291 },
  { email: 'reportadmin@example.com', groups: ['admin'], userType: USER_TYPE.REPORT_ADMIN, registryIndex: 292 },
  { email: 'globaladmin@example.com', groups: ['admin'], userType: USER_TYPE.GLOBAL_ADMIN, registryIndex: 293 },
  { email: 'superuser@example.com', groups: ['admin'], userType: USER_TYPE.SUPER_USER, registryIndex: 294 },
];

export interface SeedSummary {
  /** false when an earlier start had already seeded this data dir (nothing written). */
  seeded: boolean;
  accounts: number;
  profiles: number;
  surgeons: number;
  facilities: number;
  cases: number;
  cptCodes: number;
  /** Cases given a dispute (and its events written) by this run. */
  disputes: number;
}

/** A summary of nothing written (`seeded: false`, every count 0). */
export function emptySeedSummary(): SeedSummary {
  return { seeded: false, accounts: 0, profiles: 0, surgeons: 0, facilities: 0, cases: 0, cptCodes: 0, disputes: 0 };
}

/**
 * Where the seed writes: the names the Lambdas read from their environment (lambdas/lib/env.ts).
 * Local: {@link seedResources}(`suture-local`, `suture-local-documents`); a stage: the names of its
 * stack (bin/seed-stage.ts).
 */
export interface SeedResources {
  /** Physical table name by the environment variable that carries it, e.g. `CASES_TABLE` -> `suture-qa-123-cases`; every table of lambdas/lib/tables.ts. */
  tables: Readonly<Record<string, string>>;
  /** The documents bucket. */
  documentsBucket: string;
}

/** The resources of a stack prefix (`suture-<stage>`, or `suture-local`): table names as infra/data.ts names them. */
export function seedResources(resourcePrefix: string, documentsBucket: string): SeedResources {
  return {
    tables: Object.fromEntries(TABLES.map((def) => [def.envVar, physicalTableName(resourcePrefix, def)])),
    documentsBucket,
  };
}

/** What {@link seedDemo} needs: the clients and names of one deployment (local runtime or stage). */
export interface SeedTarget {
  /** A Cognito client allowed the administrator calls on the pool (local: cognito-local; stage: the caller's AWS credentials). */
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  /**
   * Table and bucket names. DynamoDB and S3 writes go through the Lambdas' repositories, which take
   * their clients from lambdas/lib/aws.ts (endpoints, region and credentials from the SDK's standard
   * environment) and the names from the Lambda environment: {@link seedDemo} puts these names there.
   */
  resources: SeedResources;
  log: (line: string) => void;
  /**
   * "Today" for the case dates (default now). The plan of cases (and so their ids) follows from it:
   * the same value on every run keeps a re-run from adding cases (bin/seed-stage.ts passes the
   * stack's creation time).
   */
  now?: Date;
}

/** The local runtime's seed: a {@link SeedTarget} plus the data dir whose `local.json` records a finished seed. */
export interface SeedContext extends SeedTarget {
  dataDir: string;
}

/**
 * Create (or update) a confirmed account with a permanent password, in the given groups; idempotent.
 * The administrator calls: AdminCreateUser (message suppressed, email verified; an existing user is
 * kept), AdminSetUserPassword (permanent), AdminAddUserToGroup per group, and AdminGetUser for a user
 * that existed (a new user's sub comes with AdminCreateUser's answer).
 * Resolves with the user's `sub`. Used by the seed and by the local runtime's `createAccount`.
 * @throws the SDK's error of any call but AdminCreateUser's UsernameExistsException; Error when no sub comes back.
 */
export async function createDemoAccount(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
  password: string,
  groups: readonly string[] = [],
): Promise<string> {
  // A new user's sub comes with AdminCreateUser's answer; an existing user's is read at the end.
  let sub: string | undefined;
  try {
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (err) {
    if ((err as Error)?.name !== 'UsernameExistsException') throw err;
  }
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }),
  );
  for (const group of groups) {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: group }));
  }
  if (!sub) {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  }
  if (!sub) throw new Error(`Cognito returned no sub for ${email}`);
  return sub;
}

/** Create the groups of shared/roles.ts that the pool lacks (the CDK stack and the local runtime create them; this makes sure). */
async function ensureGroups(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<number> {
  const listed = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId, Limit: 60 }));
  const existing = new Set((listed.Groups ?? []).map((g) => g.GroupName));
  let created = 0;
  for (const group of COGNITO_GROUPS) {
    if (existing.has(group.name)) continue;
    try {
      await cognito.send(
        new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group.name, Precedence: group.precedence }),
      );
      created += 1;
    } catch (err) {
      if ((err as Error)?.name !== 'GroupExistsException') throw err;
    }
  }
  return created;
}

/**
 * Point the Lambda environment (table and bucket names) at `resources`, resetting the cached env and
 * clients only when a name changes (the local runtime has set the same names already).
 * @throws Error when a table of lambdas/lib/tables.ts has no name in `resources`.
 */
function useResources(resources: SeedResources): void {
  const wanted: Record<string, string> = { DOCUMENTS_BUCKET: resources.documentsBucket };
  for (const def of TABLES) {
    const name = resources.tables[def.envVar];
    if (!name) throw new Error(`No table name for ${def.envVar}`);
    wanted[def.envVar] = name;
  }
  if (Object.entries(wanted).every(([key, value]) => process.env[key] === value)) return;
  Object.assign(process.env, wanted);
  resetEnvCache();
  resetAwsClients();
}

/** True for the repositories' "already exists" conflict (seeding again after an interruption). */
function isConflict(err: unknown): boolean {
  return (err as Error)?.name === 'ConflictError';
}

async function ignoreConflict<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (err) {
    if (isConflict(err)) return undefined;
    throw err;
  }
}

/** Deterministic id from parts (uuid-shaped, so it looks like the ids the API generates). */
export function stableId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function phoneText(nppesPhone: string): string {
  const d = nppesPhone.replace(/\D/g, '');
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 10)}`;
}

function profileFor(account: DemoAccount, sub: string, surgeon: NppesIndividual) {
  const location = surgeon.addresses[0]!;
  const licensed = new Set([location.state, ...surgeon.taxonomies.map((t) => t.state)]);
  return {
    user_id: sub,
    user_email: account.email,
    first_name: titleCaseName(surgeon.basic.first_name),
    last_name: titleCaseName(surgeon.basic.last_name),
    addr1: formatAddress(location.address_1),
    addr2: formatAddress(location.address_2),
    city: titleCaseName(location.city),
    state: location.state,
    zipcode: location.postal_code.slice(0, 5),
    telephone: phoneText(location.telephone_number),
    user_npi: surgeon.number,
    message_pref: 1,
    states_licensed: [...licensed].sort(),
    documents: [],
    referred_by_user: '',
    ...(account.userType !== undefined ? { user_type: account.userType } : {}),
  };
}

function surgeonInput(userId: string, s: NppesIndividual) {
  const a = s.addresses[0]!;
  return {
    user_id: userId,
    surgeon_id: stableId('surgeon', userId, s.number),
    first_name: titleCaseName(s.basic.first_name),
    last_name: titleCaseName(s.basic.last_name),
    surgeon_npi: Number(s.number),
    surgeon_addr: formatAddress([a.address_1, a.address_2].filter(Boolean).join(' ')),
    surgeon_city: titleCaseName(a.city),
    surgeon_state: a.state,
    surgeon_zip: a.postal_code.slice(0, 5),
    manual_entry: false,
  };
}

function facilityInput(userId: string, f: NppesOrganization) {
  const a = f.addresses[0]!;
  return {
    user_id: userId,
    facility_id: stableId('facility', userId, f.number),
    facility_name: formatFacilityName(f.basic.organization_name),
    facility_npi: Number(f.number),
    facility_addr: formatAddress([a.address_1, a.address_2].filter(Boolean).join(' ')),
    facility_city: titleCaseName(a.city),
    facility_state: a.state,
    facility_zip: a.postal_code.slice(0, 5),
  };
}

/** Obviously fictitious patient names. */
const PATIENT_FIRST = [
  'Alpha',
  'Bravo',
  'Charlie',
  'Delta',
  'Echo',
  'Foxtrot',
  'Golf',
  'Hotel',
  'India',
  'Juliet',
  'Kilo',
  'Lima',
  'Mike',
  'November',
  'Oscar',
  'Papa',
  'Quebec',
  'Romeo',
  'Sierra',
  'Tango',
  'Uniform',
  'Victor',
  'Whiskey',
  'Yankee',
] as const;
const PATIENT_LAST = [
  'Testpatient',
  'Demopatient',
  'Sampleson',
  'Fakename',
  'Placeholder',
  'Mockwell',
  'Dummyfield',
  'Exampleton',
  'Fictitia',
  'Notreal',
] as const;

/** One planned case: the inputs of the case repository are built from it in {@link seedCases}. */
export interface PlannedCase {
  userId: string;
  /** Creation time (ms); the case id is `${userId}_${createdMs}`. */
  createdMs: number;
  caseDate: string;
  status: number;
  surgeonId: string;
  facilityId: string;
  patientFirst: string;
  patientLast: string;
  insProvider: string;
  procedureCodes: string[];
  /** Integer cents, from Paid (20) on; undefined before. */
  payAmountCents?: number;
  /** Which documents the case has (see the module doc: consistent with shared/workflow.ts). */
  documents: { demographic_sheet: boolean; op_note: boolean; misc: boolean };
}

const DAY_MS = 86_400_000;

/**
 * Plan `count` cases for a user: statuses round-robin over all ten, case dates spread evenly over
 * the last twelve months (newest first; cases of a dispute status at least the age their dispute
 * needs), creation 0-3 days after the case date (never in the future), 1-3 starter CPT codes, a pay
 * amount from Paid on. Deterministic for the same inputs.
 */
export function planCases(
  userId: string,
  count: number,
  surgeonIds: readonly string[],
  facilityIds: readonly string[],
  now: Date,
  seed: number,
): PlannedCase[] {
  const rand = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const span = 360; // days, inside the last twelve months
  const plans: PlannedCase[] = [];
  const usedCreated = new Set<number>();
  for (let i = 0; i < count; i++) {
    const status = CASE_STATUSES[i % CASE_STATUSES.length]!.value;
    // A case of a dispute status is old enough for its dispute (local/seed-disputes.ts).
    const dayOffset = Math.max(Math.floor(((i + rand() * 0.9) * span) / count) + 1, MIN_CASE_AGE_DAYS[status] ?? 0);
    const caseDay = today - dayOffset * DAY_MS;
    let createdMs = caseDay + Math.floor(rand() * 3) * DAY_MS + (8 * 3600 + Math.floor(rand() * 10 * 3600)) * 1000;
    createdMs = Math.min(createdMs, now.getTime() - 60_000 - i * 1000);
    while (usedCreated.has(createdMs)) createdMs -= 1;
    usedCreated.add(createdMs);
    const codeCount = 1 + Math.floor(rand() * 3);
    const codes = new Set<string>();
    while (codes.size < codeCount) codes.add(pick(STARTER_CODES).cpt_code);
    plans.push({
      userId,
      createdMs,
      caseDate: new Date(caseDay).toISOString().slice(0, 10),
      status,
      surgeonId: pick(surgeonIds),
      facilityId: pick(facilityIds),
      patientFirst: pick(PATIENT_FIRST),
      patientLast: pick(PATIENT_LAST),
      insProvider: pick(INSURANCE_SUGGESTIONS),
      procedureCodes: [...codes],
      payAmountCents: status >= FIRST_PAID_STATUS ? 50_000 + Math.floor(rand() * 1_450_000) : undefined,
      documents:
        status === INCOMPLETE_STATUS
          ? { demographic_sheet: i % (2 * CASE_STATUSES.length) === 0, op_note: false, misc: false }
          : { demographic_sheet: true, op_note: true, misc: i % 3 === 0 },
    });
  }
  return plans;
}

/** A tiny fictitious PDF (one page, a few lines of text) made with pdf-lib. */
export async function fictitiousPdf(title: string, lines: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Suture local demo data');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText(title, { x: 56, y: 720, size: 18, font });
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 690 - i * 18, size: 11, font }));
  page.drawText('FICTITIOUS DEMO DATA - NOT A REAL PATIENT', { x: 56, y: 90, size: 10, font });
  return pdf.save({ useObjectStreams: false });
}

/** Store a seeded document at its layout key with the spec's metadata (through the S3 endpoint of the Lambdas). */
async function putSeedDocument(key: string, fileName: string, bytes: Uint8Array, uploadedBy: string, at: Date) {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: getEnv().DOCUMENTS_BUCKET,
      Key: key,
      Body: bytes,
      ContentType: 'application/pdf',
      Metadata: {
        'original-filename': encodeURIComponent(fileName),
        'uploaded-by': uploadedBy,
        'upload-timestamp': at.toISOString(),
        'file-size': String(bytes.length),
      },
    }),
  );
}

/** Build and store a planned case's documents; answers the case fields that reference them. */
async function seedCaseDocuments(plan: PlannedCase, caseId: string) {
  const fk: FileKeys = { demographic_sheet: '', op_note: '', misc_documents: [], file_names: {} };
  const at = new Date(plan.createdMs + 3600_000);
  const patient = `${plan.patientFirst} ${plan.patientLast}`;
  const docs = [
    {
      slot: 'demographic_sheet',
      want: plan.documents.demographic_sheet,
      title: 'Demographic Sheet',
      file: 'demographics.pdf',
    },
    { slot: 'op_note', want: plan.documents.op_note, title: 'Operative Note', file: 'operative-note.pdf' },
    { slot: 'misc', want: plan.documents.misc, title: 'Miscellaneous Document', file: 'referral-letter.pdf' },
  ] as const;
  for (const doc of docs) {
    if (!doc.want) continue;
    const key = caseDocumentKey({
      ownerId: plan.userId,
      caseId,
      slot: doc.slot,
      ext: 'pdf',
      timestampMs: at.getTime(),
    });
    const bytes = await fictitiousPdf(doc.title, [
      `Patient: ${patient}`,
      `Case date: ${plan.caseDate}`,
      `Insurance: ${plan.insProvider}`,
      `Procedure codes: ${plan.procedureCodes.join(', ')}`,
    ]);
    await putSeedDocument(key, doc.file, bytes, plan.userId, at);
    if (doc.slot === 'misc') fk.misc_documents.push(key);
    else fk[doc.slot] = key;
    fk.file_names[key] = doc.file;
  }
  const any = fk.demographic_sheet || fk.op_note || fk.misc_documents.length;
  return {
    demo_file: fk.demographic_sheet,
    note_file: fk.op_note,
    misc_file: fk.misc_documents[fk.misc_documents.length - 1] ?? '',
    file_keys: any ? JSON.stringify(fk) : '',
  };
}

/**
 * Write planned cases through the case repository (case_id from the fixed creation time, no retry:
 * a case that exists is left alone), with their documents stored first. Resolves with the number
 * written now.
 */
async function seedCases(plans: readonly PlannedCase[], now: Date): Promise<number> {
  let written = 0;
  for (const plan of plans) {
    const caseId = buildCaseId(plan.userId, plan.createdMs);
    if (await getCase(caseId)) continue; // written by an earlier, interrupted seed
    const files = await seedCaseDocuments(plan, caseId);
    const created = await ignoreConflict(() =>
      createCase(
        {
          user_id: plan.userId,
          case_id: caseId,
          case_date: plan.caseDate,
          surgeon_id: plan.surgeonId,
          facility_id: plan.facilityId,
          patient_first: plan.patientFirst,
          patient_last: plan.patientLast,
          ins_provider: plan.insProvider,
          procedure_codes: plan.procedureCodes,
          ...files,
          case_status: plan.status,
          pay_amount_cents: plan.payAmountCents,
          created_at: new Date(plan.createdMs).toISOString(),
        },
        // Numbered afterwards, all accounts' cases together in creation order (seedDemo).
        {
          now: new Date(Math.min(now.getTime(), plan.createdMs + 5 * DAY_MS)),
          retryOnCollision: false,
          numbered: false,
        },
      ),
    );
    if (created) written += 1;
  }
  return written;
}

/**
 * The local runtime's first-start seed: {@link seedDemo} unless `<dataDir>/local.json` says it was
 * done, then recorded there. Throws what {@link seedDemo} throws.
 */
export async function seedDemoData(ctx: SeedContext): Promise<SeedSummary> {
  const seeded = readState(ctx.dataDir).seed;
  if (seeded) {
    if (seeded.version !== SEED_VERSION) {
      // Version 3 added index keys and counters that older data lacks: back-office lists,
      // search and counts would miss those cases. Version 4 added the users' list and
      // search index keys and the profile counter (lambdas/lib/tables.ts USERS_TABLE), version 5
      // the disputes.
      ctx.log(
        `The data in ${ctx.dataDir} was seeded by an older version (${seeded.version}, now ${SEED_VERSION}): ` +
          'back-office lists, search and counts may miss its cases and users. Stop, run `npm run reset`, and start again.',
      );
    }
    return emptySeedSummary();
  }
  const now = ctx.now ?? new Date();
  const summary = await seedDemo({ ...ctx, now });
  updateState(ctx.dataDir, { seed: { version: SEED_VERSION, completedAt: now.toISOString() } });
  return summary;
}

/**
 * Put the demo accounts and demo data into one deployment (QA against a stage, docs/operations.md):
 * the groups, the {@link DEMO_ACCOUNTS} with {@link DEMO_PASSWORD} in their groups, their profiles,
 * surgeons, facilities and cases with documents, provider1's disputes, the starter CPT list and the
 * payer list.
 * Idempotent: what exists is left alone (users are kept, their password and groups set again), and
 * with the same `target.now` a re-run writes nothing new. Resolves with what this run wrote
 * (`seeded: true`; `accounts` counts the accounts created or updated).
 * @throws the SDK's errors of the Cognito calls; repository errors other than "already exists".
 */
export async function seedDemo(target: SeedTarget): Promise<SeedSummary> {
  useResources(target.resources);
  const summary = emptySeedSummary();
  const createAccount = (email: string, password: string, groups: readonly string[]) =>
    createDemoAccount(target.cognito, target.userPoolId, email, password, groups);
  await ensureGroups(target.cognito, target.userPoolId);

  const registry = getRegistry();
  const now = target.now ?? new Date();
  // Profiles, surgeons and facilities predate the cases (which span the last twelve months).
  const setup = new Date(now.getTime() - 380 * DAY_MS);

  const starter = await importStarterList();
  summary.cptCodes = starter.inserted ?? 0;
  // The payer list (Insurance Types) from the spec's 20 names; on AWS the first read seeds it.
  await ensureInsuranceSeeded();

  const subs = new Map<string, string>();
  const disputeCases: PlannedCase[] = [];
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const sub = await createAccount(account.email, DEMO_PASSWORD, account.groups);
    subs.set(account.email, sub);
    summary.accounts += 1;
    if (account.userType === undefined || account.registryIndex === undefined) continue;

    const self = registry.surgeons[account.registryIndex]!;
    if (
      await ignoreConflict(() =>
        createProfile({ ...profileFor(account, sub, self), createdAt: setup.toISOString() }, { now: setup }),
      )
    )
      summary.profiles += 1;

    const surgeonIds: string[] = [];
    for (const i of account.surgeons ?? []) {
      const input = surgeonInput(sub, registry.surgeons[i]!);
      surgeonIds.push(input.surgeon_id);
      if (await ignoreConflict(() => putSurgeon({ ...input, createdAt: setup.toISOString() }, { now: setup })))
        summary.surgeons += 1;
    }
    const facilityIds: string[] = [];
    for (const i of account.facilities ?? []) {
      const input = facilityInput(sub, registry.facilities[i]!);
      facilityIds.push(input.facility_id);
      if (await ignoreConflict(() => putFacility({ ...input, createdAt: setup.toISOString() }, { now: setup })))
        summary.facilities += 1;
    }
    if (account.cases && surgeonIds.length && facilityIds.length) {
      const plans = planCases(sub, account.cases, surgeonIds, facilityIds, now, 1000 + index);
      summary.cases += await seedCases(plans, now);
      if (account.disputes) disputeCases.push(...plans);
    }
  }

  // The disputes, recorded by the case admin, dated from the real today (the API refuses later dates).
  const caseAdmin = subs.get(DISPUTE_RECORDER);
  if (caseAdmin && disputeCases.length) {
    const today = todayInNewYork();
    const disputes = planDisputes(
      disputeCases.map((p) => ({
        caseId: buildCaseId(p.userId, p.createdMs),
        userId: p.userId,
        caseDate: p.caseDate,
        status: p.status,
      })),
      today,
    );
    summary.disputes = (await seedDisputes(disputes, caseAdmin, today)).disputes;
  }

  // The case numbers, in creation order across the accounts (docs/decisions/0022-case-numbers.md).
  await numberExistingCases();

  summary.seeded = true;
  return summary;
}
