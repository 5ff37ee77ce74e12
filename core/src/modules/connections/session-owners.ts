import type { SystemData } from '../../platform/system-data.js';

/**
 * The database's record of which node runs each connection's session (session_owners), kept fresh by a heartbeat. It
 * fences the Redis session lock: a node that wins a lock runs the session only if no other node's heartbeat for it is
 * recent, so a session never runs on two nodes, also when Redis comes back empty and another node wins the freed lock.
 */
export class SessionOwners {
  constructor(
    private readonly system: SystemData,
    private readonly nodeId: string,
    /** A heartbeat older than this is a dead node's: the same time a Redis lock lives without renewal. */
    private readonly ttlMs: number,
  ) {}

  /** Claims the connection for this node: true unless another node beat for it within the TTL. */
  async claim(connectionId: number): Promise<boolean> {
    const { knex } = this.system;
    const claimed = await knex('session_owners')
      .insert({ connection_id: connectionId, node_id: this.nodeId, heartbeat_at: knex.fn.now() })
      .onConflict('connection_id')
      .merge(['node_id', 'heartbeat_at'])
      .where('session_owners.node_id', this.nodeId)
      .orWhere('session_owners.heartbeat_at', '<', knex.raw(`now() - make_interval(secs => ?)`, [this.ttlMs / 1000]))
      .returning('node_id');
    return claimed.length > 0;
  }

  /** The heartbeat of the sessions running here. */
  async beat(connectionIds: number[]): Promise<void> {
    if (connectionIds.length === 0) return;
    await this.system
      .knex('session_owners')
      .where('node_id', this.nodeId)
      .whereIn('connection_id', connectionIds)
      .update({ heartbeat_at: this.system.knex.fn.now() });
  }

  /** This node no longer runs the session: another may claim it at once. */
  async give(connectionId: number): Promise<void> {
    await this.system.knex('session_owners').where({ connection_id: connectionId, node_id: this.nodeId }).delete();
  }
}
