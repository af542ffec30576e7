import { WithdrawPage } from '../features/jobs/components/withdraw-page.tsx';

export default function Route() {
  return <WithdrawPage />;
}
