import { ConfirmSignUpPage } from '../features/signup/components/confirm-sign-up-page.tsx';

export default function Route() {
  return <ConfirmSignUpPage />;
}
