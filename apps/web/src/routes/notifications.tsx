import { InboxPage } from '../features/notifications/components/inbox-page.tsx';

export default function Route() {
  return <InboxPage />;
}
