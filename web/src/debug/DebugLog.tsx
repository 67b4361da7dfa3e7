/**
 * The log panel of the debug pages (spec back-office-and-shell section 2 "Debug screens": "logs",
 * "captured console logs"): timestamped lines in a scrollable, polite live region, with Clear Logs.
 * `useDebugLog()` keeps the lines; `captureConsole(add)` copies console.log/info/warn/error into
 * them until the returned function is called (the original console still prints).
 */
import { useCallback, useState } from 'react';
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';

export interface LogLine {
  at: string;
  text: string;
}

/** Log lines and `add(text)` / `clear()`. */
export function useDebugLog() {
  const [lines, setLines] = useState<LogLine[]>([]);
  const add = useCallback((text: string) => {
    const at = new Date().toISOString().slice(11, 23);
    setLines((prev) => [...prev, { at, text }]);
  }, []);
  const clear = useCallback(() => setLines([]), []);
  return { lines, add, clear };
}

const LEVELS = ['log', 'info', 'warn', 'error'] as const;

/** Copy console output into `add` as `console.<level>: …` until the returned restore function runs. */
export function captureConsole(add: (text: string) => void): () => void {
  const originals = LEVELS.map((level) => [level, console[level]] as const);
  for (const [level, original] of originals) {
    console[level] = (...args: unknown[]) => {
      original.apply(console, args);
      add(`console.${level}: ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}`);
    };
  }
  return () => {
    for (const [level, original] of originals) console[level] = original;
  };
}

export function DebugLog({ lines, onClear }: { lines: readonly LogLine[]; onClear: () => void }) {
  return (
    <Card variation="outlined" as="section" aria-labelledby="debug-logs">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="0.5rem">
        <Heading level={2} id="debug-logs">
          Logs
        </Heading>
        <Button size="small" onClick={onClear} isDisabled={lines.length === 0}>
          Clear Logs
        </Button>
      </Flex>
      <div
        role="log"
        aria-live="polite"
        aria-label="Debug logs"
        tabIndex={0}
        style={{
          marginTop: '0.75rem',
          maxHeight: '20rem',
          overflowY: 'auto',
          fontFamily: 'monospace',
          fontSize: '0.875rem',
          background: 'var(--amplify-colors-background-secondary, #f5f5f5)',
          padding: '0.5rem',
          borderRadius: 4,
        }}
      >
        {lines.length === 0 ? (
          <Text as="span" color="font.secondary">
            No logs yet.
          </Text>
        ) : (
          lines.map((l, i) => (
            <div key={i} style={{ overflowWrap: 'anywhere' }}>
              [{l.at}] {l.text}
            </div>
          ))
        )}
      </div>
    </Card>
  );
}
