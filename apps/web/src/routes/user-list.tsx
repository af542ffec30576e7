import { UserListPage } from '../features/account/components/user-list-page.tsx';

export default function Route() {
  return <UserListPage />;
}
