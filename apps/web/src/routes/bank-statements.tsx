import { BankStatementsPage } from '../features/bank-statements/components/bank-statements-page.tsx';

export default function Route() {
  return <BankStatementsPage />;
}
