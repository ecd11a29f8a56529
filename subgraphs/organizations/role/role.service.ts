import { randomBytes } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../kit/errors';
import { Membership, MembershipRole } from '../membership/membership.entity';
import { Team } from '../team/team.entity';
import { Role } from './role.entity';
import { SYSTEM_ROLE_IDS, systemRolePermissions } from './system-roles';

const PERMISSION = /^[a-zA-Z]+(\.[a-zA-Z]+)+$/;

export interface NewRole {
  organizationId: number;
  name: string;
  permissions: string[];
  color?: string | null;
  description?: string | null;
}

export class RoleService {
  constructor(private readonly db: DataSource) {}

  async create(input: NewRole): Promise<Role> {
    if (!input.name?.trim()) throw badInput('name', 'must not be empty');
    const invalid = input.permissions.find((p) => !PERMISSION.test(p));
    if (invalid !== undefined) throw badInput('permissions', `"${invalid}" is not in resource.action form`);
    const org = await this.db.getRepository(Team).findOneBy({ id: input.organizationId });
    if (!org?.isOrganization) throw notFound('Organization', input.organizationId);
    try {
      return await this.db.getRepository(Role).save(
        this.db.getRepository(Role).create({
          id: `role_${randomBytes(8).toString('hex')}`,
          organizationId: input.organizationId,
          name: input.name.trim(),
          type: 'CUSTOM',
          permissions: [...new Set(input.permissions)].sort(),
          color: input.color ?? null,
          description: input.description ?? null,
        }),
      );
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`The organization already has a role named "${input.name}"`);
      throw error;
    }
  }

  /** A custom role of the organization, or one of the built-in roles (`member_role`, `admin_role`, `owner_role`). */
  async get(organizationId: number, roleId: string): Promise<Role> {
    const org = await this.db.getRepository(Team).findOneBy({ id: organizationId });
    if (!org?.isOrganization) throw notFound('Organization', organizationId);
    const system = (Object.entries(SYSTEM_ROLE_IDS) as Array<[MembershipRole, string]>).find(([, id]) => id === roleId);
    if (system) {
      const [role] = system;
      return Object.assign(new Role(), {
        id: roleId,
        organizationId,
        name: role.charAt(0) + role.slice(1).toLowerCase(),
        type: 'SYSTEM',
        permissions: systemRolePermissions(role),
        color: null,
        description: `What the ${role} membership role grants when no custom role is assigned`,
        createdAt: org.createdAt,
        updatedAt: org.createdAt,
      });
    }
    const custom = await this.db.getRepository(Role).findOneBy({ id: roleId, organizationId });
    if (!custom) throw notFound('Role', roleId);
    return custom;
  }

  /** Gives a membership of the organization (or of one of its teams) a custom role; null removes it. */
  async assign(membershipId: number, roleId: string | null): Promise<Membership> {
    const membership = await this.db.getRepository(Membership).findOneBy({ id: membershipId });
    if (!membership) throw notFound('Membership', membershipId);
    if (roleId !== null) {
      const team = await this.db.getRepository(Team).findOneByOrFail({ id: membership.teamId });
      const organizationId = team.isOrganization ? team.id : team.parentId;
      const role = await this.db.getRepository(Role).findOneBy({ id: roleId });
      if (!role || role.organizationId !== organizationId) throw notFound('Role', roleId);
    }
    membership.customRoleId = roleId;
    return this.db.getRepository(Membership).save(membership);
  }

  findByIds(ids: readonly string[]): Promise<Role[]> {
    return this.db.getRepository(Role).findBy({ id: In([...ids]) });
  }
}
