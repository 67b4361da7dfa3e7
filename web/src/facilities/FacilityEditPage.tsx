/**
 * Edit Facility (/facility/:facilityId/edit), spec provider-side sections 2 and 8: editing a facility
 * is not supported; the screen says so ('Facility updates are not currently supported by the
 * backend. Please contact support.') and offers the way back to the facility list.
 */
import { Alert, Button, Flex, Heading } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router-dom';
import { FACILITY_MESSAGES } from '../../../shared/schemas/surgeon';

export default function FacilityEditPage() {
  const navigate = useNavigate();
  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Edit Facility</Heading>
      <Alert variation="info" role="status">
        {FACILITY_MESSAGES.editUnsupported}
      </Alert>
      <Flex gap="small" wrap="wrap">
        <Button variation="primary" onClick={() => navigate('/facility-management')} style={{ minHeight: 44 }}>
          Back to Facilities
        </Button>
      </Flex>
    </Flex>
  );
}
