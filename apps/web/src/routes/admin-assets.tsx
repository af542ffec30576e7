import { AdminAssetsPage } from '../features/assets/components/admin-assets-page.tsx';

export default function Route() {
  return <AdminAssetsPage />;
}
