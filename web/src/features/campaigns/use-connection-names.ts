import { useMemo } from 'react';
import { useListConnectionsQuery } from '../connections/connections.api';
import { connectionIds, type Campaign } from './campaign-rules';

/** The names of a campaign's connections (its whatsappId may name several), or none known. */
export function useConnectionNames(): (campaign: Campaign) => string | null {
  const { data: connections } = useListConnectionsQuery();
  return useMemo(() => {
    const names = new Map((connections ?? []).map((connection) => [connection.id, connection.name]));
    return (campaign) => {
      const listed = connectionIds(campaign.whatsappId)
        .map((id) => names.get(id))
        .filter(Boolean);
      return listed.length > 0 ? listed.join(', ') : (campaign.whatsapp?.name ?? null);
    };
  }, [connections]);
}
