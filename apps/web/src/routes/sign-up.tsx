import { useLocation } from 'react-router';
import { getSignUpRoleForSlug } from '@kc/domain';
import { SignUpPage } from '../features/signup/components/sign-up-page.tsx';

/** The four sign-up routes: the last path segment names the role. */
export default function Route() {
  const { pathname } = useLocation();
  const slug = pathname.replace(/\/$/, '').split('/').pop() ?? '';
  const role = getSignUpRoleForSlug(slug) ?? 'INVESTOR';
  return <SignUpPage key={role} role={role} />;
}
