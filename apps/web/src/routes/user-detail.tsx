import { useParams } from 'react-router';
import { AuditEntries } from '../features/audit/components/audit-entries.tsx';
import { UserDetailPage } from '../features/users/components/user-detail-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return <UserDetailPage key={id} userId={id} auditSection={(userId) => <AuditEntries entityType="user" entityId={userId} />} />;
}
