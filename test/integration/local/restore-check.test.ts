/**
 * `npm run restore:check` (bin/restore-check.ts): the same check, run by
 * `npm test`, so the restore runbook's local proof cannot silently break.
 */
import '../api/quiet';
import { runRestoreCheck } from '../../../bin/restore-check';
import { seededDataDir } from '../../support/seeded-data';

jest.setTimeout(240_000);

describe('the restore check', () => {
  it('restores a soft-deleted case with its document and an overwritten document from its earlier version', async () => {
    // Prepare
    const lines: string[] = [];
    const seeded = await seededDataDir();
    // Act: on a copy of the run's seeded data when there is one (the same seed)
    const result = await runRestoreCheck({ log: (line) => lines.push(line), seededDataDir: seeded });
    // Assess
    expect(result.steps).toHaveLength(8);
    expect(result.documentKey).toMatch(/^private\/case-documents\/[^/]+\/demo_.+\.pdf$/);
    expect(result.documentKey).toContain(result.caseId);
    expect(result.restoredVersionId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(lines.filter((line) => line.startsWith('ok  '))).toHaveLength(8);
    expect(lines.at(-1)).toContain(`?versionId=${result.restoredVersionId}`);
  });
});
