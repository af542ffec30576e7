import { PasswordLinkPage } from '../features/users/components/password-link-page.tsx';

export default function Route() {
  return <PasswordLinkPage purpose="set" />;
}
