/**
 * The warning under a procedure code row whose well-formed code the CPT list does not hold, with its
 * 'Keep code N anyway' box (web/src/cases/cptCheck.ts). Loaded when a row first needs it: most
 * cases never do, and the case form's route is near its size budget (docs/figures.md).
 */
import { CheckboxField, Text } from '@aws-amplify/ui-react';
import { CPT_UNKNOWN_MESSAGES } from '../../../shared';

export interface CptUnknownWarningProps {
  /** Row index, 0-based (names the box and the warning's id). */
  index: number;
  code: string;
  kept: boolean;
  onKeep: (keep: boolean) => void;
}

export default function CptUnknownWarning({ index, code, kept, onKeep }: CptUnknownWarningProps) {
  const warningId = `cpt-unknown-${index}`;
  return (
    <>
      <Text id={warningId} fontSize="small" color="font.warning" data-testid="cpt-unknown-warning">
        {CPT_UNKNOWN_MESSAGES.notInList(code)}
      </Text>
      <CheckboxField
        name={`keep-code-${index}`}
        value={code}
        label={CPT_UNKNOWN_MESSAGES.keepAnyway(code)}
        aria-describedby={warningId}
        checked={kept}
        onChange={(e) => onKeep(e.target.checked)}
      />
    </>
  );
}
