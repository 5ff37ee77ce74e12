import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Box, CircularProgress } from '@mui/material';
import { useAppSelector } from './hooks';
import { access, entryOf } from '../features/shell/menu';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const RecoveryPage = lazy(() => import('../features/auth/RecoveryPage'));
const OpenInvoicesPage = lazy(() => import('../features/invoices/OpenInvoicesPage'));
const Layout = lazy(() => import('../features/shell/Layout'));
const RouteAccess = lazy(() => import('../features/shell/RouteAccess'));
const TicketsPage = lazy(() => import('../features/tickets/TicketsPage'));
const ContactsPage = lazy(() => import('../features/contacts/ContactsPage'));
const QuickMessagesPage = lazy(() => import('../features/quick-messages/QuickMessagesPage'));
const TagsPage = lazy(() => import('../features/tags/TagsPage'));
const SchedulesPage = lazy(() => import('../features/schedules/SchedulesPage'));
const ContactListsPage = lazy(() => import('../features/contact-lists/ContactListsPage'));
const ContactListItemsPage = lazy(() => import('../features/contact-lists/ContactListItemsPage'));
const ConnectionsPage = lazy(() => import('../features/connections/ConnectionsPage'));
const QueuesPage = lazy(() => import('../features/queues/QueuesPage'));
const QueueIntegrationsPage = lazy(() => import('../features/integrations/QueueIntegrationsPage'));
const PromptsPage = lazy(() => import('../features/prompts/PromptsPage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const HelpsPage = lazy(() => import('../features/helps/HelpsPage'));
const AnnouncementsPage = lazy(() => import('../features/announcements/AnnouncementsPage'));
const CompaniesPage = lazy(() => import('../features/companies/CompaniesPage'));
const FilesPage = lazy(() => import('../features/files/FilesPage'));
const CampaignsPage = lazy(() => import('../features/campaigns/CampaignsPage'));
const CampaignReportPage = lazy(() => import('../features/campaigns/CampaignReportPage'));
const CampaignSettingsPage = lazy(() => import('../features/campaigns/CampaignSettingsPage'));
const TodoListPage = lazy(() => import('../features/todo-list/TodoListPage'));
const KanbanPage = lazy(() => import('../features/kanban/KanbanPage'));
const MomentsPage = lazy(() => import('../features/moments/MomentsPage'));
const OnCallPage = lazy(() => import('../features/on-call/OnCallPage'));
const ChatsPage = lazy(() => import('../features/chats/ChatsPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const AdminMetricsPage = lazy(() => import('../features/platform-metrics/AdminMetricsPage'));
const MessagesApiPage = lazy(() => import('../features/messages-api/MessagesApiPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const InvoicesPage = lazy(() => import('../features/invoices/InvoicesPage'));

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100vh' }}>
      <CircularProgress />
    </Box>
  );
}

/** Spec 1 §2 route guard: private routes need a session; public-only routes send a signed-in visitor to /. */
function Private({ children }: { children: ReactNode }) {
  const token = useAppSelector((state) => state.auth.token);
  const expired = useAppSelector((state) => state.auth.user?.expired === true);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  // Spec 1 §4: an expired subscription signs in but only reaches the expiry page.
  if (expired && location.pathname !== '/financeiro-aberto') return <Navigate to="/financeiro-aberto" replace />;
  return children;
}

/** The root path: the dashboard for whom its menu entry allows (spec 2 §6), the tickets for everyone else. */
function Home() {
  const user = useAppSelector((state) => state.auth.user);
  const entry = entryOf('/');
  const allowed = user && entry && access(entry.rule, { user, plan: null, plugins: null }) === 'allowed';
  return allowed ? <DashboardPage /> : <Navigate to="/tickets" replace />;
}

function PublicOnly({ children }: { children: ReactNode }) {
  const token = useAppSelector((state) => state.auth.token);
  if (token) return <Navigate to="/" replace />;
  return children;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route
          path="/login"
          element={
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          }
        />
        <Route
          path="/signup"
          element={
            <PublicOnly>
              <SignupPage />
            </PublicOnly>
          }
        />
        <Route
          path="/recovery-password"
          element={
            <PublicOnly>
              <RecoveryPage />
            </PublicOnly>
          }
        />
        <Route
          path="/financeiro-aberto"
          element={
            <Private>
              <OpenInvoicesPage />
            </Private>
          }
        />
        <Route
          element={
            <Private>
              <Layout />
            </Private>
          }
        >
          <Route index element={<Home />} />
          {/* Every page applies its menu entry's rule (shell/menu.ts): one table for the menu and the guard. */}
          <Route element={<RouteAccess />}>
            <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
            <Route path="/contacts" element={<ContactsPage />} />
            <Route path="/quick-messages" element={<QuickMessagesPage />} />
            <Route path="/tags" element={<TagsPage />} />
            <Route path="/schedules" element={<SchedulesPage />} />
            <Route path="/contact-lists" element={<ContactListsPage />} />
            <Route path="/contact-lists/:contactListId/contacts" element={<ContactListItemsPage />} />
            <Route path="/connections" element={<ConnectionsPage />} />
            <Route path="/queues" element={<QueuesPage />} />
            <Route path="/queue-integration" element={<QueueIntegrationsPage />} />
            <Route path="/prompts" element={<PromptsPage />} />
            <Route path="/users" element={<UsersPage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/helps" element={<HelpsPage />} />
            <Route path="/announcements" element={<AnnouncementsPage />} />
            <Route path="/companies" element={<CompaniesPage />} />
            <Route path="/files" element={<FilesPage />} />
            <Route path="/campaigns" element={<CampaignsPage />} />
            <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
            <Route path="/campaigns-config" element={<CampaignSettingsPage />} />
            <Route path="/todolist" element={<TodoListPage />} />
            <Route path="/plantao" element={<OnCallPage />} />
            <Route path="/chats/:id?" element={<ChatsPage />} />
            <Route path="/reports" element={<ReportsPage />} />
            <Route path="/admin-metrics" element={<AdminMetricsPage />} />
            <Route path="/messages-api" element={<MessagesApiPage />} />
            <Route path="/financeiro" element={<InvoicesPage />} />
            {/* Paths match without regard to case: /Kanban and /TagsKanban (spec 3 §6) are these. */}
            <Route path="/kanban" element={<KanbanPage />} />
            <Route path="/moments" element={<MomentsPage />} />
            <Route path="/kanban/tags" element={<TagsPage kanbanOnly />} />
            <Route path="/tagskanban" element={<Navigate to="/kanban/tags" replace />} />
          </Route>
          <Route path="*" element={<Navigate to="/tickets" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
