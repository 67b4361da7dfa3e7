/**
 * Debug patch tool, /debug-patch (spec back-office-and-shell sections 2 "Debug screens", 5 and 7):
 * a case id (empty: the alert "Please enter a case ID"), Run Tests, which runs the PATCH /case tests
 * of patchTests.ts against this deployment's API with the signed-in user's token, then the results
 * table (test, expected, got, result) and the logs, with the console output captured while the
 * tests run. Behind the debug gate and sign-in.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { apiFetch } from '../lib/api';
import { DebugLog, captureConsole, useDebugLog } from './DebugLog';
import { CASE_ID_REQUIRED, runPatchTests, type PatchTestResult } from './patchTests';
import { DebugLinks } from './DebugLinks';

export default function DebugPatchPage() {
  const [caseId, setCaseId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<PatchTestResult[] | null>(null);
  const { lines, add, clear } = useDebugLog();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!caseId.trim()) {
      setProblem(CASE_ID_REQUIRED);
      return;
    }
    setProblem(null);
    setRunning(true);
    setResults(null);
    const restore = captureConsole(add);
    try {
      setResults(await runPatchTests(caseId, (path, req) => apiFetch<unknown>(path, req), add));
    } catch (err) {
      add(`error: ${(err as Error).message}`);
    } finally {
      restore();
      setRunning(false);
    }
  };

  const passed = results?.filter((r) => r.passed && !r.skipped).length ?? 0;
  const failed = results?.filter((r) => !r.passed).length ?? 0;

  return (
    <Flex direction="column" gap="1.25rem" maxWidth="60rem" width="100%">
      <Flex direction="column" gap="0.25rem">
        <Heading level={1}>Debug Patch Tool</Heading>
        <DebugLinks />
        <Text color="font.secondary">
          Debug page: runs case update tests (PATCH /case) against this deployment. Accepted updates write back values
          the case already holds.
        </Text>
      </Flex>
      <Card variation="outlined">
        <form noValidate onSubmit={(e) => void onSubmit(e)}>
          <Flex direction="column" gap="0.75rem">
            <TextField
              label="Case ID"
              value={caseId}
              onChange={(e) => setCaseId(e.target.value)}
              hasError={problem !== null}
              autoComplete="off"
            />
            {problem && (
              <Alert variation="error" role="alert">
                {problem}
              </Alert>
            )}
            <Flex>
              <Button type="submit" variation="primary" isLoading={running} loadingText="Running tests...">
                Run Tests
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
      {results && (
        <Card variation="outlined" as="section" aria-labelledby="debug-results">
          <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="0.5rem">
            <Heading level={2} id="debug-results">
              Results
            </Heading>
            <Text role="status">
              {passed} passed, {failed} failed
            </Text>
          </Flex>
          <div style={{ overflowX: 'auto', marginTop: '0.75rem' }}>
            <table style={{ width: '100%', borderCollapse: 'collapse' }}>
              <thead>
                <tr>
                  {['Test', 'Expected', 'Got', 'Result', 'Detail'].map((h) => (
                    <th key={h} scope="col" style={{ textAlign: 'left', padding: '0.25rem 0.5rem' }}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {results.map((r) => (
                  <tr key={r.name} style={{ borderTop: '1px solid var(--amplify-colors-border-secondary, #eee)' }}>
                    <td style={{ padding: '0.25rem 0.5rem' }}>{r.name}</td>
                    <td style={{ padding: '0.25rem 0.5rem' }}>{r.expected}</td>
                    <td style={{ padding: '0.25rem 0.5rem' }}>{r.status ?? '—'}</td>
                    <td style={{ padding: '0.25rem 0.5rem' }}>
                      <Badge variation={r.skipped ? 'info' : r.passed ? 'success' : 'error'}>
                        {r.skipped ? 'Skipped' : r.passed ? 'Pass' : 'Fail'}
                      </Badge>
                    </td>
                    <td style={{ padding: '0.25rem 0.5rem', overflowWrap: 'anywhere' }}>{r.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      <DebugLog lines={lines} onClear={clear} />
    </Flex>
  );
}
