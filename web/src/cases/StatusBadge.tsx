/**
 * Case status badge: label and colour from shared/statuses.ts (spec provider-side section 4);
 * an unknown number reads 'Unknown N' in gray.
 */
import { Badge } from '@aws-amplify/ui-react';
import { caseStatusColor, caseStatusLabel, type BadgeColor } from '../../../shared';

/** Background and text colours per badge colour; text contrast at least 4.5:1 (WCAG AA). */
const PALETTE: Record<BadgeColor, { bg: string; fg: string }> = {
  red: { bg: '#fee2e2', fg: '#991b1b' },
  yellow: { bg: '#fef9c3', fg: '#854d0e' },
  green: { bg: '#dcfce7', fg: '#166534' },
  purple: { bg: '#f3e8ff', fg: '#6b21a8' },
  indigo: { bg: '#e0e7ff', fg: '#3730a3' },
  orange: { bg: '#ffedd5', fg: '#9a3412' },
  teal: { bg: '#ccfbf1', fg: '#115e59' },
  pink: { bg: '#fce7f3', fg: '#9d174d' },
  cyan: { bg: '#cffafe', fg: '#155e75' },
  gray: { bg: '#f3f4f6', fg: '#374151' },
};

export function StatusBadge({ status }: { status: number }) {
  const color = caseStatusColor(status);
  const { bg, fg } = PALETTE[color];
  return (
    <Badge backgroundColor={bg} color={fg} data-status={status} data-color={color}>
      {caseStatusLabel(status)}
    </Badge>
  );
}
