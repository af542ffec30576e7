import { useConfirmApplicationUpdate } from '../api/jobs-queries.ts';
import { OneTimeLinkPage } from './one-time-link-page.tsx';

/**
 * /jobs/confirm-changes#token=…: the link mailed to the address on file when an application to
 * the same offer arrived again (decision 0023). Reads the one-time token from the fragment, asks
 * the candidate to confirm, then applies the changes kept pending until now.
 */
export function ConfirmChangesPage() {
  return <OneTimeLinkPage section="confirmChanges" mutation={useConfirmApplicationUpdate()} />;
}
