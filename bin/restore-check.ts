/**
 * `npm run restore:check`: the restore runbook (docs/operations.md), proved locally.
 *
 * Starts the local runtime (local/) on a random port in a temporary data directory, seeded
 * with the demo accounts, rate limit off, and then, printing one line per step:
 * 1. signs in as the demo provider (provider1@example.com) and globaladmin@example.com;
 * 2. the provider creates a case (one of their seeded surgeons and facilities) and uploads a
 *    demographic sheet (fictitious PDF bytes) through POST /document, the presigned PUT and
 *    POST /document/confirm;
 * 3. the provider deletes the case (a soft delete: GET /case answers 404);
 * 4. globaladmin restores it with POST /case/restore; the case is back for the provider with its
 *    document, whose download has the original bytes;
 * 5. the provider uploads a new demographic sheet over it (new bytes at the same key);
 * 6. the earlier version is restored with the runbook's S3 calls (ListObjectVersions on the key,
 *    then CopyObject with `CopySource: bucket/key?versionId=...`), and the document's download
 *    through the API has the original bytes again.
 * Then it stops the runtime and deletes the directory. Exit code 0 when every step held, 1 on the
 * first failure (its message printed). No real patient data: the case and bytes are fictitious.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// The steps are the output; the Lambdas' own INFO lines (e.g. the expected 404 after the delete) are not.
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CopyObjectCommand, ListObjectVersionsCommand, S3Client } from '@aws-sdk/client-s3';
import type { LocalStack } from '../local';
import { SDK_RETRY } from '../lambdas/lib/aws';

export const RESTORE_CHECK_PROVIDER = 'provider1@example.com';
export const RESTORE_CHECK_ADMIN = 'globaladmin@example.com';

/** Fictitious PDF bytes (they pass the upload's magic-byte check). */
function pdf(label: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% Suture restore check: ${label}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
}

export interface RestoreCheckOptions {
  /** One line per step (default console.log). */
  log?: (line: string) => void;
  /**
   * A data directory already seeded with the demo data (a closed runtime's, e.g. the test run's
   * template): the check starts on a copy of it instead of seeding one. Default: seed.
   */
  seededDataDir?: string;
}

export interface RestoreCheckResult {
  caseId: string;
  documentKey: string;
  /** The version id copied back (the original upload). */
  restoredVersionId: string;
  /** Steps that held, in order. */
  steps: string[];
}

class CheckFailed extends Error {
  override name = 'CheckFailed';
}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

interface Answer<T> {
  status: number;
  body: T;
}

/**
 * Run the restore check against a fresh local runtime (see the module doc). Resolves with what
 * was restored; rejects with an Error naming the step that failed. The runtime is always stopped
 * and its directory removed. Only one local runtime may run per process (local/).
 */
export async function runRestoreCheck(options: RestoreCheckOptions = {}): Promise<RestoreCheckResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const steps: string[] = [];
  const step = (line: string) => {
    steps.push(line);
    log(`ok  ${line}`);
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'suture-restore-check-'));
  // startLocal's seed then finds the demo data in place and writes nothing.
  if (options.seededDataDir) cpSync(options.seededDataDir, dataDir, { recursive: true });
  let stack: LocalStack | undefined;
  let s3: S3Client | undefined;
  try {
    // Loaded here, after the log level above is set (the Lambdas' logger reads it when loaded).
    const { LOCAL_DOCUMENTS_BUCKET, LOCAL_REGION, startLocal } = await import('../local');
    const { DEMO_PASSWORD } = await import('../local/seed');
    log('Starting the local runtime with the demo data (a minute or so)...');
    stack = await startLocal({ dataDir, port: 0, seed: true, quiet: true, rateLimit: false, log: () => undefined });
    const running = stack;
    step(`local runtime at ${running.url}`);

    const api = async <T>(method: string, path: string, token: string, body?: unknown): Promise<Answer<T>> => {
      const res = await fetch(`${running.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
    };

    // 1. Sign-ins.
    const provider = await running.signIn(RESTORE_CHECK_PROVIDER, DEMO_PASSWORD);
    const admin = await running.signIn(RESTORE_CHECK_ADMIN, DEMO_PASSWORD);
    step(`signed in as ${RESTORE_CHECK_PROVIDER} and ${RESTORE_CHECK_ADMIN}`);

    // 2. A case with a document.
    const surgeons = await api<{ surgeons: { surgeon_id: string }[] }>('GET', '/surgeon?limit=1', provider.accessToken);
    const facilities = await api<{ facilities: { facility_id: string }[] }>(
      'GET',
      '/facility?limit=1',
      provider.accessToken,
    );
    const surgeonId = surgeons.body?.surgeons?.[0]?.surgeon_id;
    const facilityId = facilities.body?.facilities?.[0]?.facility_id;
    expect(
      surgeonId && facilityId,
      `the demo provider has no surgeon or facility (${surgeons.status}, ${facilities.status})`,
    );
    const created = await api<{ case_id: string }>('POST', '/case', provider.accessToken, {
      case_date: '2026-02-03',
      surgeon_id: surgeonId,
      facility_id: facilityId,
      patient: { first: 'Restore', last: 'Check', ins_provider: 'Aetna' },
      procedure_codes: ['27447'],
    });
    expect(created.status === 201, `POST /case answered ${created.status}`);
    const caseId = created.body.case_id;

    const upload = async (bytes: Buffer): Promise<string> => {
      const ticket = await api<{
        key: string;
        upload: { method: string; url: string; headers: Record<string, string> };
      }>('POST', '/document', provider.accessToken, {
        case_id: caseId,
        slot: 'demographic_sheet',
        file_name: 'demographic-sheet.pdf',
        content_type: 'application/pdf',
        size: bytes.length,
      });
      expect(ticket.status === 200, `POST /document answered ${ticket.status}`);
      const put = await fetch(ticket.body.upload.url, {
        method: ticket.body.upload.method,
        headers: ticket.body.upload.headers,
        body: new Uint8Array(bytes),
      });
      expect(put.status === 200, `the presigned PUT answered ${put.status}`);
      const confirmed = await api<{ case: { demo_file: string } }>('POST', '/document/confirm', provider.accessToken, {
        key: ticket.body.key,
      });
      expect(confirmed.status === 200, `POST /document/confirm answered ${confirmed.status}`);
      return confirmed.body.case.demo_file;
    };
    const download = async (key: string): Promise<Buffer> => {
      const link = await api<{ url: string }>('GET', `/document?key=${encodeURIComponent(key)}`, provider.accessToken);
      expect(link.status === 200, `GET /document answered ${link.status}`);
      const res = await fetch(link.body.url);
      expect(res.status === 200, `the presigned GET answered ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    };

    const original = pdf(`original ${caseId}`);
    const key = await upload(original);
    expect(key, 'the confirm did not attach the demographic sheet');
    step(`provider created case ${caseId} with its demographic sheet (${original.length} bytes)`);

    // 3. Soft delete.
    const deleted = await api('DELETE', `/case?case_id=${encodeURIComponent(caseId)}`, provider.accessToken);
    expect(deleted.status === 200, `DELETE /case answered ${deleted.status}`);
    const gone = await api('GET', `/case?case_id=${encodeURIComponent(caseId)}`, provider.accessToken);
    expect(gone.status === 404, `GET /case after the delete answered ${gone.status}, not 404`);
    step('provider deleted the case (GET /case now answers 404)');

    // 4. Restore through the API.
    const restored = await api<{ message: string }>('POST', '/case/restore', admin.accessToken, { case_id: caseId });
    expect(restored.status === 200, `POST /case/restore answered ${restored.status} ${JSON.stringify(restored.body)}`);
    const back = await api<{ case: { case_id: string; demo_file: string } }>(
      'GET',
      `/case?case_id=${encodeURIComponent(caseId)}`,
      provider.accessToken,
    );
    expect(back.status === 200, `GET /case after the restore answered ${back.status}`);
    expect(back.body.case.demo_file === key, 'the restored case lost its demographic sheet');
    expect((await download(key)).equals(original), 'the restored case document does not have its original bytes');
    step(`globaladmin restored the case through POST /case/restore: back with its document, bytes unchanged`);

    // 5. Overwrite the document.
    const replacement = pdf(`replacement ${caseId}, other bytes`);
    const keyAfter = await upload(replacement);
    expect(keyAfter === key, `the new upload went to ${keyAfter}, not over ${key}`);
    expect((await download(key)).equals(replacement), 'the overwrite did not take');
    step(`provider uploaded a new demographic sheet over it (${replacement.length} bytes at the same key)`);

    // 6. The runbook's S3 calls: list the versions of the key, copy the earlier one back.
    s3 = new S3Client({
      ...SDK_RETRY,
      endpoint: running.endpoints.s3,
      region: LOCAL_REGION,
      forcePathStyle: true,
      credentials: running.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const listed = await s3.send(new ListObjectVersionsCommand({ Bucket: LOCAL_DOCUMENTS_BUCKET, Prefix: key }));
    const versions = (listed.Versions ?? [])
      .filter((v) => v.Key === key)
      .sort((a, b) => (b.LastModified?.getTime() ?? 0) - (a.LastModified?.getTime() ?? 0));
    expect(versions.length === 2, `ListObjectVersions found ${versions.length} versions of the document, not 2`);
    expect(versions[0]!.IsLatest && !versions[1]!.IsLatest, 'the newest version is not the latest one');
    const earlier = versions[1]!;
    expect(earlier.Size === original.length, `the earlier version has ${earlier.Size} bytes, not ${original.length}`);
    step(`ListObjectVersions: ${versions.length} versions of the document; the earlier one is ${earlier.VersionId}`);
    const copied = await s3.send(
      new CopyObjectCommand({
        Bucket: LOCAL_DOCUMENTS_BUCKET,
        Key: key,
        CopySource: `${LOCAL_DOCUMENTS_BUCKET}/${key}?versionId=${earlier.VersionId}`,
      }),
    );
    expect(copied.CopySourceVersionId === earlier.VersionId, 'CopyObject did not copy the version asked for');
    expect((await download(key)).equals(original), 'after CopyObject the document does not have its original bytes');
    step(`CopyObject from ?versionId=${earlier.VersionId}: the document has its original bytes again`);

    return { caseId, documentKey: key, restoredVersionId: earlier.VersionId!, steps };
  } finally {
    s3?.destroy();
    await stack?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  try {
    const result = await runRestoreCheck();
    console.log(`Restore check passed: ${result.steps.length} steps.`);
    process.exit(0);
  } catch (err) {
    console.error(`Restore check FAILED: ${(err as Error).message}`);
    process.exit(1);
  }
}

if (require.main === module) void main();
