import { EmailChangeConfirmPage } from '../features/account/components/email-change-confirm-page.tsx';

export default function Route() {
  return <EmailChangeConfirmPage />;
}
