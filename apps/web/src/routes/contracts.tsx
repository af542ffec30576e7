import { ContractsPage } from '../features/contracts/components/contracts-page.tsx';

export default function Route() {
  return <ContractsPage />;
}
