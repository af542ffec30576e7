import { ConfirmChangesPage } from '../features/jobs/components/confirm-changes-page.tsx';

export default function Route() {
  return <ConfirmChangesPage />;
}
