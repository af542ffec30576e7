import { ForgotPasswordPage } from '../features/users/components/forgot-password-page.tsx';

export default function Route() {
  return <ForgotPasswordPage />;
}
