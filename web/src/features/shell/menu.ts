import type { InstalledPlugins, Plan, PlanFlag } from '../plans/plans.api';
import type { SessionUser } from '../auth/auth.slice';
import type { MenuIconName } from './menu-icons';

/** The menu's sections (spec 1 §2): the agent's items, management, administration and its campaigns group. */
export type MenuGroup = 'management' | 'attendance' | 'administration' | 'campaigns';

/** Who may see an entry: every condition given must hold. */
export interface MenuRule {
  /** Profiles that see it; `super` users always pass this check. */
  profiles?: SessionUser['profile'][];
  /** Only super users. */
  superOnly?: boolean;
  /** A user permission switch ('enabled') that also grants the entry to a non-admin (spec 1 §6). */
  permission?: 'showDashboard' | 'allowRealTime' | 'allowConnections';
  /** A plan flag that must be on. */
  plan?: PlanFlag;
  /** An installed plugin kind the page needs. */
  plugin?: 'channel' | 'integration';
}

export interface MenuEntry {
  path: string;
  /** A name from menu-icons.ts (the table stays free of UI imports). */
  icon: MenuIconName;
  /** Key under `shell.menu`. */
  labelKey: string;
  group: MenuGroup;
  rule: MenuRule;
  /** False while the page does not exist in routes.tsx yet: the entry is kept here but not shown. */
  available: boolean;
}

const admins: SessionUser['profile'][] = ['admin'];

/**
 * Spec 1 §2 menu, in display order, with spec 2 §2's access column: the one rule table of both the menu and the
 * route guard (RouteAccess).
 */
export const menuEntries: MenuEntry[] = [
  {
    path: '/',
    icon: 'Dashboard',
    labelKey: 'dashboard',
    group: 'management',
    rule: { profiles: admins, permission: 'showDashboard' },
    available: true,
  },
  {
    path: '/reports',
    icon: 'BarChart',
    labelKey: 'reports',
    group: 'management',
    rule: { profiles: admins, permission: 'showDashboard' },
    available: true,
  },
  {
    path: '/moments',
    icon: 'Speed',
    labelKey: 'moments',
    group: 'management',
    rule: { profiles: admins, permission: 'allowRealTime' },
    available: true,
  },
  { path: '/tickets', icon: 'WhatsApp', labelKey: 'tickets', group: 'attendance', rule: {}, available: true },
  { path: '/quick-messages', icon: 'QuestionAnswer', labelKey: 'quickMessages', group: 'attendance', rule: {}, available: true },
  { path: '/kanban', icon: 'ViewKanban', labelKey: 'kanban', group: 'attendance', rule: { plan: 'useKanban' }, available: true },
  { path: '/contacts', icon: 'ContactPhone', labelKey: 'contacts', group: 'attendance', rule: {}, available: true },
  { path: '/schedules', icon: 'Event', labelKey: 'schedules', group: 'attendance', rule: { plan: 'useSchedules' }, available: true },
  { path: '/tags', icon: 'LocalOffer', labelKey: 'tags', group: 'attendance', rule: {}, available: true },
  { path: '/chats', icon: 'Forum', labelKey: 'chats', group: 'attendance', rule: { plan: 'useInternalChat' }, available: true },
  { path: '/helps', icon: 'HelpOutline', labelKey: 'helps', group: 'attendance', rule: {}, available: true },
  {
    path: '/campaigns',
    icon: 'Campaign',
    labelKey: 'campaigns',
    group: 'campaigns',
    rule: { profiles: admins, plan: 'useCampaigns' },
    available: true,
  },
  {
    path: '/contact-lists',
    icon: 'PeopleAlt',
    labelKey: 'contactLists',
    group: 'campaigns',
    rule: { profiles: admins, plan: 'useCampaigns' },
    available: true,
  },
  {
    path: '/campaigns-config',
    icon: 'SettingsSuggest',
    labelKey: 'campaignsConfig',
    group: 'campaigns',
    rule: { profiles: admins, plan: 'useCampaigns' },
    available: true,
  },
  {
    path: '/announcements',
    icon: 'Announcement',
    labelKey: 'announcements',
    group: 'administration',
    rule: { superOnly: true },
    available: true,
  },
  {
    path: '/messages-api',
    icon: 'Code',
    labelKey: 'messagesApi',
    group: 'administration',
    rule: { profiles: admins, plan: 'useExternalApi' },
    available: true,
  },
  { path: '/plantao', icon: 'Schedule', labelKey: 'plantao', group: 'administration', rule: { profiles: admins }, available: true },
  { path: '/users', icon: 'Group', labelKey: 'users', group: 'administration', rule: { profiles: admins }, available: true },
  { path: '/queues', icon: 'AccountTree', labelKey: 'queues', group: 'administration', rule: { profiles: admins }, available: true },
  {
    path: '/prompts',
    icon: 'Psychology',
    labelKey: 'prompts',
    group: 'administration',
    rule: { profiles: admins, plan: 'useOpenAi' },
    available: true,
  },
  {
    path: '/queue-integration',
    icon: 'DeviceHub',
    labelKey: 'queueIntegration',
    group: 'administration',
    rule: { profiles: admins, plan: 'useIntegrations', plugin: 'integration' },
    available: true,
  },
  {
    path: '/connections',
    icon: 'SyncAlt',
    labelKey: 'connections',
    group: 'administration',
    rule: { profiles: admins, permission: 'allowConnections', plugin: 'channel' },
    available: true,
  },
  { path: '/files', icon: 'AttachFile', labelKey: 'files', group: 'administration', rule: { profiles: admins }, available: true },
  {
    path: '/financeiro',
    icon: 'MonetizationOn',
    labelKey: 'financial',
    group: 'administration',
    rule: { profiles: admins },
    available: true,
  },
  { path: '/settings', icon: 'Settings', labelKey: 'settings', group: 'administration', rule: { profiles: admins }, available: true },
  { path: '/companies', icon: 'Business', labelKey: 'companies', group: 'administration', rule: { superOnly: true }, available: true },
  {
    path: '/admin-metrics',
    icon: 'Insights',
    labelKey: 'adminMetrics',
    group: 'administration',
    rule: { superOnly: true },
    available: true,
  },
];

export interface MenuContext {
  user: Pick<SessionUser, 'profile' | 'super' | 'showDashboard' | 'allowRealTime' | 'allowConnections'>;
  /** Null while the plan is loading: plan-bound entries stay hidden until it is known. */
  plan: Partial<Plan> | null;
  plugins: InstalledPlugins | null;
}

/**
 * Whether the rule lets this user see the entry (spec 1 §2 and §6): 'unknown' while the plan or the plugins it
 * depends on are still loading (the profile and permission checks are decided at once).
 */
export function access(rule: MenuRule, { user, plan, plugins }: MenuContext): 'allowed' | 'denied' | 'unknown' {
  if (rule.superOnly && !user.super) return 'denied';
  if (rule.profiles && !user.super && !rule.profiles.includes(user.profile)) {
    if (!rule.permission || user[rule.permission] !== 'enabled') return 'denied';
  }
  if (rule.plan && !plan) return 'unknown';
  if (rule.plan && !plan?.[rule.plan]) return 'denied';
  if (rule.plugin && !plugins) return 'unknown';
  if (rule.plugin === 'channel' && !plugins?.channels.length) return 'denied';
  if (rule.plugin === 'integration' && !plugins?.integrations.length) return 'denied';
  return 'allowed';
}

/** The menu shows an entry only once it is known to be allowed. */
export function allows(rule: MenuRule, context: MenuContext): boolean {
  return access(rule, context) === 'allowed';
}

/** Whether a location is the entry's page or one under it ('/' only itself). */
export function isEntryPath(path: string, pathname: string): boolean {
  // Routes match without regard to case (/Kanban is /kanban), and so must their guard.
  const location = pathname.toLowerCase();
  return path === '/' ? location === '/' : location === path || location.startsWith(`${path}/`);
}

/**
 * The menu entry whose page a location is (only pages that exist): the route guard applies its rule, so a page
 * opened by its address is refused exactly when its menu entry is hidden.
 */
export function entryOf(pathname: string): MenuEntry | undefined {
  return menuEntries.find((entry) => entry.available && isEntryPath(entry.path, pathname));
}

/**
 * Whether every entry's rule is decided. The menu shows its entries only then, all at once: entries appearing one by
 * one as the plan and the plugins arrive would push the others down, under a pointer already on its way to one.
 */
export function menuSettled(context: MenuContext): boolean {
  return menuEntries.every((entry) => !entry.available || access(entry.rule, context) !== 'unknown');
}

/** The entries to show: allowed by their rule and with a page in the app (`includeUnavailable` for the full table). */
export function visibleMenu(context: MenuContext, options: { includeUnavailable?: boolean } = {}): MenuEntry[] {
  return menuEntries.filter((entry) => (entry.available || options.includeUnavailable) && allows(entry.rule, context));
}
