import { describe, expect, it } from '@jest/globals';
import { access, allows, entryOf, menuEntries, menuSettled, visibleMenu, type MenuContext } from '../menu';

const allPlan = {
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
};
const plugins = {
  channels: [{ channel: 'whatsapp', description: { name: 'channels.whatsapp.name' } }],
  integrations: [{ type: 'typebot', description: { name: 'integrations.typebot.name' } }],
};
const user = (fields: Partial<MenuContext['user']>): MenuContext['user'] => ({ profile: 'user', super: false, ...fields });
const paths = (context: MenuContext) => visibleMenu(context, { includeUnavailable: true }).map((entry) => entry.path);

describe('the shell menu (spec 1 §2, §6)', () => {
  it('keeps every entry of the spec, in order', () => {
    expect(menuEntries.map((entry) => entry.path)).toEqual([
      '/',
      '/reports',
      '/moments',
      '/tickets',
      '/quick-messages',
      '/kanban',
      '/contacts',
      '/schedules',
      '/tags',
      '/chats',
      '/helps',
      '/campaigns',
      '/contact-lists',
      '/campaigns-config',
      '/announcements',
      '/messages-api',
      '/plantao',
      '/users',
      '/queues',
      '/prompts',
      '/queue-integration',
      '/connections',
      '/files',
      '/financeiro',
      '/settings',
      '/companies',
      '/admin-metrics',
    ]);
  });

  it('shows a plain user only the agent entries', () => {
    expect(paths({ user: user({}), plan: allPlan, plugins })).toEqual([
      '/tickets',
      '/quick-messages',
      '/kanban',
      '/contacts',
      '/schedules',
      '/tags',
      '/chats',
      '/helps',
    ]);
  });

  it('grants dashboard, reports, moments and connections through the user switches', () => {
    const granted = paths({
      user: user({ showDashboard: 'enabled', allowRealTime: 'enabled', allowConnections: 'enabled' }),
      plan: allPlan,
      plugins,
    });
    expect(granted).toEqual(expect.arrayContaining(['/', '/reports', '/moments', '/connections']));
    expect(granted).not.toContain('/users');
  });

  it('shows admins the administration but not the super-only entries', () => {
    const admin = paths({ user: user({ profile: 'admin' }), plan: allPlan, plugins });
    expect(admin).toEqual(expect.arrayContaining(['/users', '/queues', '/connections', '/settings', '/campaigns', '/prompts']));
    expect(admin).not.toEqual(expect.arrayContaining(['/announcements']));
    expect(admin).not.toContain('/companies');
    const superUser = paths({ user: user({ profile: 'admin', super: true }), plan: allPlan, plugins });
    expect(superUser).toEqual(expect.arrayContaining(['/announcements', '/companies', '/admin-metrics']));
  });

  it('hides plan-bound entries while the plan is unknown or its flag is off, and plugin-bound ones without the plugin', () => {
    const admin = user({ profile: 'admin' });
    expect(paths({ user: admin, plan: null, plugins })).not.toEqual(expect.arrayContaining(['/schedules']));
    expect(paths({ user: admin, plan: { ...allPlan, useSchedules: false }, plugins })).not.toContain('/schedules');
    expect(paths({ user: admin, plan: allPlan, plugins: { channels: [], integrations: [] } })).not.toEqual(
      expect.arrayContaining(['/connections']),
    );
    expect(allows({ plan: 'useKanban' }, { user: admin, plan: { useKanban: false }, plugins })).toBe(false);
  });

  it('guards a page whatever the case of its address, and the pages under it by the same rule', () => {
    expect(entryOf('/Kanban')?.path).toBe('/kanban');
    expect(entryOf('/kanban/tags')?.path).toBe('/kanban');
    expect(entryOf('/CAMPAIGNS')?.path).toBe('/campaigns');
    expect(entryOf('/kanbanx')).toBeUndefined();
  });

  it('shows only the entries whose page exists', () => {
    expect(visibleMenu({ user: user({ profile: 'admin', super: true }), plan: allPlan, plugins }).map((entry) => entry.path)).toEqual([
      '/',
      '/reports',
      '/moments',
      '/tickets',
      '/quick-messages',
      '/kanban',
      '/contacts',
      '/schedules',
      '/tags',
      '/chats',
      '/helps',
      '/campaigns',
      '/contact-lists',
      '/campaigns-config',
      '/announcements',
      '/messages-api',
      '/plantao',
      '/users',
      '/queues',
      '/prompts',
      '/queue-integration',
      '/connections',
      '/files',
      '/financeiro',
      '/settings',
      '/companies',
      '/admin-metrics',
    ]);
  });

  it("shows AI prompts only with the plan's useOpenAi flag, and integrations only with useIntegrations and an integration plugin", () => {
    const admin = user({ profile: 'admin' });
    const shown = (plan: typeof allPlan, installed = plugins) =>
      visibleMenu({ user: admin, plan, plugins: installed }).map((entry) => entry.path);
    expect(shown(allPlan)).toEqual(expect.arrayContaining(['/prompts', '/queue-integration']));
    expect(shown({ ...allPlan, useOpenAi: false })).not.toContain('/prompts');
    expect(shown({ ...allPlan, useOpenAi: false })).toContain('/queue-integration');
    expect(shown({ ...allPlan, useIntegrations: false })).not.toContain('/queue-integration');
    expect(shown({ ...allPlan, useIntegrations: false })).toContain('/prompts');
    expect(shown(allPlan, { ...plugins, integrations: [] })).not.toContain('/queue-integration');
    expect(visibleMenu({ user: user({}), plan: allPlan, plugins }).map((entry) => entry.path)).not.toEqual(
      expect.arrayContaining(['/prompts']),
    );
  });

  it("gives the route guard the rule of the page's own entry, so a page is refused exactly when its entry is hidden", () => {
    const agent = user({});
    const rule = (path: string) => entryOf(path)!.rule;
    expect(entryOf('/tickets/0b8e-uuid')?.path).toBe('/tickets');
    // The root path is the dashboard: admins and users with showDashboard (spec 2 §6).
    expect(entryOf('/')?.path).toBe('/');
    expect(access(rule('/'), { user: agent, plan: null, plugins: null })).toBe('denied');
    expect(access(rule('/'), { user: user({ showDashboard: 'enabled' }), plan: null, plugins: null })).toBe('allowed');
    expect(access(rule('/connections'), { user: agent, plan: allPlan, plugins })).toBe('denied');
    expect(access(rule('/connections'), { user: user({ allowConnections: 'enabled' }), plan: allPlan, plugins })).toBe('allowed');
    expect(access(rule('/users'), { user: agent, plan: null, plugins: null })).toBe('denied');
    // A plan or plugins still loading leave a plan-bound page undecided instead of refused.
    expect(access(rule('/schedules'), { user: agent, plan: null, plugins })).toBe('unknown');
    expect(access(rule('/connections'), { user: user({ profile: 'admin' }), plan: allPlan, plugins: null })).toBe('unknown');
    for (const entry of menuEntries.filter((e) => e.available)) {
      for (const who of [agent, user({ profile: 'admin' })]) {
        const context = { user: who, plan: allPlan, plugins };
        expect([entry.path, access(entry.rule, context) === 'allowed']).toEqual([entry.path, visibleMenu(context).includes(entry)]);
      }
    }
  });

  it('is settled only once the plan and the plugins are known, so its entries come all at once', () => {
    const admin = user({ profile: 'admin' });
    expect(menuSettled({ user: admin, plan: null, plugins })).toBe(false);
    expect(menuSettled({ user: admin, plan: allPlan, plugins: null })).toBe(false);
    expect(menuSettled({ user: admin, plan: allPlan, plugins })).toBe(true);
    // A plan without the flags still settles: its entries are decided as hidden.
    expect(menuSettled({ user: admin, plan: {}, plugins: { channels: [], integrations: [] } })).toBe(true);
  });
});
