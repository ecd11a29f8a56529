import { GraphLink } from '../../../platform/graph-link';
import { DirectoryUsersDocument, SignInDocument } from '../contracts/generated';

/** A user as the oauth pages need them; the organizations subgraph owns users and their passwords. */
export interface DirectoryUser {
  id: number;
  email: string;
  name: string;
  isServiceAdmin: boolean;
}

/** Users, read through the supergraph (@internal fields of the organizations subgraph), never from its tables. */
export class UserDirectory {
  constructor(private readonly graph: GraphLink) {}

  /** The user with this e-mail and password (scrypt, checked by the organizations subgraph), or null. */
  async signIn(email: string, password: string): Promise<DirectoryUser | null> {
    const data = await this.graph.call(SignInDocument, { email, password });
    return data.verifyPassword;
  }

  async byIds(ids: number[]): Promise<Map<number, DirectoryUser>> {
    if (ids.length === 0) return new Map();
    const data = await this.graph.call(DirectoryUsersDocument, { ids: [...new Set(ids)] });
    return new Map(data.usersById.map((u) => [u.id, u]));
  }

  async byId(id: number): Promise<DirectoryUser | null> {
    return (await this.byIds([id])).get(id) ?? null;
  }
}
