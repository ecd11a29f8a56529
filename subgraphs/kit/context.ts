import { DataSource } from 'typeorm';
import { Loaders } from './loaders';
import { Principal } from './principal';

/** What every resolver of every subgraph receives. */
export interface SubgraphContext {
  principal: Principal;
  loaders: Loaders;
  db: DataSource;
}
