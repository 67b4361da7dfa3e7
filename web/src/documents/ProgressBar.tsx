/**
 * Upload progress 0..100 (spec provider-side section 2: "Uploads show progress from 0 to 100"):
 * `role="progressbar"` with aria-valuenow, so screen readers and tests read the same figure.
 */
import { Flex, Text } from '@aws-amplify/ui-react';

export interface ProgressBarProps {
  /** Whole percent 0..100. */
  value: number;
  /** Accessible name, e.g. 'Uploading Demographic Sheet'. */
  label: string;
}

export function ProgressBar({ value, label }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Flex alignItems="center" gap="small" width="100%">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        style={{
          flex: 1,
          height: 8,
          minWidth: 80,
          borderRadius: 4,
          background: 'var(--amplify-colors-neutral-20)',
          overflow: 'hidden',
        }}
      >
        <div
          style={{
            width: `${percent}%`,
            height: '100%',
            background: 'var(--amplify-colors-primary-60)',
            transition: 'width 120ms linear',
          }}
        />
      </div>
      <Text as="span" fontSize="small" aria-hidden="true" style={{ minWidth: '3ch', textAlign: 'right' }}>
        {percent}%
      </Text>
    </Flex>
  );
}
