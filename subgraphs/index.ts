import { SubgraphDefinition } from '../platform/server';
import { integrations } from './integrations';
import { oauth } from './oauth';
import { organizations } from './organizations';
import { scheduling } from './scheduling';

/** Every subgraph of the supergraph, in composition order. */
export const SUBGRAPHS: SubgraphDefinition[] = [scheduling, organizations, integrations, oauth];
