/**
 * A plan's feature flags (spec 2 §3), in display order: the server's access rules and the web app's menus and plan
 * form read this one list.
 */
export const planFlags = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFlag = (typeof planFlags)[number];
