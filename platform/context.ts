import { DataSource } from 'typeorm';
import { GraphLink } from './graph-link';
import { Loaders } from './loaders';
import { Principal } from './principal';

/** What every resolver of every subgraph receives. */
export interface SubgraphContext {
  principal: Principal;
  loaders: Loaders;
  db: DataSource;
  /**
   * Users whose principal this request changed (memberships, roles, credentials). Sent back to the
   * gateway in the response's `extensions.principalsChanged`, so it forgets their cached principals
   * before it answers: the caller reads its own writes.
   */
  principalsChanged: Set<number>;
  /** The supergraph, through the gateway, as the system: for data other subgraphs own (@internal fields). */
  graph: GraphLink;
  /** The key of a write the client sent with an Idempotency-Key (keyed-writes.ts); null for any other request. */
  writeKey: string | null;
}

export const PRINCIPALS_CHANGED_EXTENSION = 'principalsChanged';
/** Postgres channel on which table triggers announce the same (for other gateways and operator tools). */
export const PRINCIPALS_CHANGED_CHANNEL = 'svc_principal_changed';
