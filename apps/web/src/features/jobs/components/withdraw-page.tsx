import { useWithdrawApplication } from '../api/jobs-queries.ts';
import { OneTimeLinkPage } from './one-time-link-page.tsx';

/**
 * /jobs/withdraw#token=…: reads the one-time token from the fragment, asks the candidate to
 * confirm, then withdraws the application and erases its personal data.
 */
export function WithdrawPage() {
  return <OneTimeLinkPage section="withdraw" mutation={useWithdrawApplication()} color="red" />;
}
