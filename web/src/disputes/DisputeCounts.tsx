/**
 * The dispute counts of GET /case/stats (`disputes`): cases whose next deadline is overdue or due
 * soon. The back-office home links each count to the Deadlines queue with that state and adds the
 * unpaid awards; the provider pipeline shows its own counts as text (the queue is the back office's).
 * Nothing is shown when the answer has no `disputes` (a server without the dispute desk).
 */
import { Flex, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { formatDollars } from '../../../shared/display';
import type { DisputeStats } from '../../../shared/schemas/lists';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function DisputeCounts({ disputes, backOffice }: { disputes: DisputeStats | undefined; backOffice: boolean }) {
  if (!disputes) return null;
  const overdue = `${count(disputes.overdue, 'case', 'cases')} overdue`;
  const dueSoon = `${count(disputes.due_soon, 'case', 'cases')} due soon`;
  if (!backOffice) {
    return (
      <Text fontSize="small">
        Dispute deadlines: <strong>{overdue}</strong>, <strong>{dueSoon}</strong>
      </Text>
    );
  }
  return (
    <Flex as="ul" direction="column" gap="xs" margin="0.5rem 0 0" padding="0" style={{ listStyle: 'none' }}>
      <li>
        <Link to="/back-office/deadlines?state=overdue">{overdue}</Link>
      </li>
      <li>
        <Link to="/back-office/deadlines?state=due_soon">{dueSoon}</Link>
      </li>
      <li>
        <Link to="/back-office/awards">
          {count(disputes.awards_unpaid, 'unpaid award', 'unpaid awards')} (
          {formatDollars(disputes.awards_unpaid_amount)})
        </Link>
      </li>
    </Flex>
  );
}
