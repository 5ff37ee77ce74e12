import { useMemo } from 'react';
import type { SessionUser } from '../auth/auth.slice';
import { useCompanyPlanQuery, useInstalledPluginsQuery, type Plan } from '../plans/plans.api';
import type { MenuContext } from './menu';

/** What the menu rules read (spec 1 §2, §6): the user, the company's plan and the installed plugins (null while loading). */
export function useMenuContext(user: SessionUser): MenuContext {
  const { data: company } = useCompanyPlanQuery(user.companyId);
  const { data: plugins } = useInstalledPluginsQuery();
  const plan = company?.plan ?? (user.company?.plan as Partial<Plan> | null | undefined) ?? null;
  return useMemo(() => ({ user, plan, plugins: plugins ?? null }), [user, plan, plugins]);
}
