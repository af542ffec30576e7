import { AssetsPage } from '../features/assets/components/assets-page.tsx';

export default function Route() {
  return <AssetsPage />;
}
