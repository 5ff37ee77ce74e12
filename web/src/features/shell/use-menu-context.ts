import { useMemo } from 'react';
import type { SessionUser } from '../auth/auth.slice';
import { useCompanyPlanQuery, useInstalledPluginsQuery, type InstalledPlugins, type Plan } from '../plans/plans.api';
import type { MenuContext } from './menu';

/** What a failed request leaves known: nothing is installed, no plan flag is on (the server refuses those calls too). */
const NO_PLUGINS: InstalledPlugins = { channels: [], integrations: [] };
const NO_PLAN: Partial<Plan> = {};

/**
 * What the menu rules read (spec 1 §2, §6): the user, the company's plan and the installed plugins (null while
 * loading; decided as nothing when their request failed, so neither the menu nor a page waits for ever).
 */
export function useMenuContext(user: SessionUser): MenuContext {
  const { data: company, isError: planFailed } = useCompanyPlanQuery(user.companyId);
  const { data: plugins, isError: pluginsFailed } = useInstalledPluginsQuery();
  const plan = company?.plan ?? (user.company?.plan as Partial<Plan> | null | undefined) ?? (planFailed ? NO_PLAN : null);
  const installed = plugins ?? (pluginsFailed ? NO_PLUGINS : null);
  return useMemo(() => ({ user, plan, plugins: installed }), [user, plan, installed]);
}
