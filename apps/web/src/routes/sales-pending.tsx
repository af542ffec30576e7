import { PendingAssignmentsPage } from '../features/leads/components/pending-assignments-page.tsx';

export default function Route() {
  return <PendingAssignmentsPage />;
}
