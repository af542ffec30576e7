import { SalesTreePage } from '../features/sales-network/components/sales-tree-page.tsx';

export default function Route() {
  return <SalesTreePage />;
}
