import { describe, expect, it } from '@jest/globals';
import { allows, menuEntries, visibleMenu, type MenuContext } from '../menu';

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

  it('shows only the entries whose page exists', () => {
    expect(visibleMenu({ user: user({ profile: 'admin', super: true }), plan: allPlan, plugins }).map((entry) => entry.path)).toEqual([
      '/tickets',
      '/quick-messages',
      '/contacts',
      '/schedules',
      '/tags',
      '/helps',
      '/users',
      '/queues',
      '/connections',
      '/settings',
    ]);
  });
});
