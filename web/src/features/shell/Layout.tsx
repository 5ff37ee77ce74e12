import { Outlet } from 'react-router-dom';
// Scaffold: replaced by the shell (drawer, top bar).
export default function Layout() {
  return <Outlet />;
}
