import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mustEnrolSecondFactor } from '@kc/domain/strong-auth/rules.ts';
import { useSession } from '../../../lib/session.ts';
import { isEnrolmentRequired, setEnrolmentRequired } from '../../../lib/strong-auth-bridge.ts';
import { strongAuthStatusQueryOptions } from '../api/get-status.ts';
import { StepUpDialog } from './step-up-dialog.tsx';

/** For staff: reads the strong-auth status once, which tells the enrolment gate (api/get-status.ts). */
function StaffEnrolmentWatcher() {
  const status = useQuery(strongAuthStatusQueryOptions());
  // Unreadable status: the screens show their own errors (the server still refuses what it must).
  const isError = status.isError;
  useEffect(() => {
    if (isError && isEnrolmentRequired() === undefined) setEnrolmentRequired(false);
  }, [isError]);
  return null;
}

/**
 * What a signed-in session adds to the Mantine shell (loaded only for one): the step-up dialog,
 * and for staff the status read that decides the enrolment gate.
 */
export default function StrongAuthSession() {
  const roles = useSession()?.roles ?? [];
  // The gate belongs to this session: it is lifted when the session ends (another person may sign in).
  useEffect(() => () => setEnrolmentRequired(undefined), []);
  return (
    <>
      <StepUpDialog />
      {mustEnrolSecondFactor(roles) ? <StaffEnrolmentWatcher /> : null}
    </>
  );
}
