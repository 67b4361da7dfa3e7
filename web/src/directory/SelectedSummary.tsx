/**
 * The selected-surgeon / selected-facility summary (spec provider-side section 2): a titled card
 * with a definition list of the chosen entry's fields. A manual entry carries an orange
 * "Manual entry (not validated)" note (facilities: "a temporary unvalidated option in orange").
 */
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';

export interface SummaryField {
  label: string;
  value: string;
}

export interface SelectedSummaryProps {
  title: string;
  fields: readonly SummaryField[];
  manual: boolean;
  /** Label of the clear button, e.g. 'Clear selection'; no button when absent. */
  clearLabel?: string;
  onClear?: () => void;
}

export const MANUAL_ENTRY_NOTE = 'Manual entry (not validated)';

export function SelectedSummary({ title, fields, manual, clearLabel, onClear }: SelectedSummaryProps) {
  return (
    <Card
      variation="outlined"
      as="section"
      aria-label={title}
      style={manual ? { borderColor: 'var(--amplify-colors-orange-60, #e07800)', borderWidth: 2 } : undefined}
    >
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2}>{title}</Heading>
        {clearLabel && onClear && (
          <Button size="small" onClick={onClear} style={{ minHeight: 44 }}>
            {clearLabel}
          </Button>
        )}
      </Flex>
      {manual && (
        <Text fontWeight="bold" marginTop="xs" style={{ color: 'var(--amplify-colors-orange-90, #7a3b00)' }}>
          {MANUAL_ENTRY_NOTE}
        </Text>
      )}
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))',
          gap: '0.5rem 1rem',
          margin: '0.75rem 0 0',
        }}
      >
        {fields.map((f) => (
          <div key={f.label}>
            <dt style={{ fontSize: '0.875rem', color: 'var(--amplify-colors-font-tertiary)' }}>{f.label}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{f.value || 'N/A'}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
