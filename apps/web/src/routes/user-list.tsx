import { UserListPage } from '../features/users/components/user-list-page.tsx';

export default function Route() {
  return <UserListPage />;
}
