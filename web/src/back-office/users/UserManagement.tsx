/**
 * The user management section, /back-office/users/:userId?, one lazy chunk
 * behind ONE route of web/src/App.tsx (the route table is part of the sign-in page's bundle, at its
 * 150 KB budget): the guard (user_type 20 or more, else /back-office), then the list without a user
 * id and the detail with one.
 */
import { useParams } from 'react-router-dom';
import UserDetailPage from './UserDetailPage';
import UserListPage from './UserListPage';
import { UsersGuardGate } from './UsersGuard';

export default function UserManagement() {
  const { userId } = useParams();
  return <UsersGuardGate>{userId ? <UserDetailPage /> : <UserListPage />}</UsersGuardGate>;
}
