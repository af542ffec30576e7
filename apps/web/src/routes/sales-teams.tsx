import { NetworkListPage } from '../features/sales-network/components/network-list-page.tsx';

export default function Route() {
  return <NetworkListPage kind="teams" />;
}
