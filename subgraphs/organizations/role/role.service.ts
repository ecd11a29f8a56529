import { randomBytes } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { recordKeyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { badInput, conflict, isConstraintViolation, notFound, notFoundSaying } from '../../../platform/errors';
import { Membership, MembershipRole } from '../team/membership.entity';
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
    checkPermissions(input.permissions);
    const org = await this.db.getRepository(Team).findOneBy({ id: input.organizationId });
    if (!org?.isOrganization) throw notFound('Organization', input.organizationId);
    try {
      return await this.db.transaction(async (tx) => {
        const role = await tx.save(
          tx.create(Role, {
            id: `role_${randomBytes(8).toString('hex')}`,
            organizationId: input.organizationId,
            name: input.name.trim(),
            type: 'CUSTOM',
            permissions: checkPermissions(input.permissions),
            color: input.color ?? null,
            description: input.description ?? null,
          }),
        );
        await recordKeyedWrite(tx, { roleId: role.id });
        return role;
      });
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
    // The reference's sentence: a role of another organization, or none, is not told apart.
    if (!custom) throw notFoundSaying(`Role with id ${roleId} within team id ${organizationId} not found`);
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

  /** The built-in roles, then the organization's custom roles by name. */
  async list(organizationId: number, page: PageArgs): Promise<[Role[], number]> {
    const system = await Promise.all(Object.values(SYSTEM_ROLE_IDS).map((id) => this.get(organizationId, id)));
    const { take, skip } = pageWindow(page);
    const customs = await this.db.getRepository(Role).find({ where: { organizationId }, order: { name: 'ASC', id: 'ASC' } });
    const all = [...system, ...customs];
    return [all.slice(skip, skip + take), all.length];
  }

  /** A custom role of the organization, for a change: the built-in roles follow the schema and cannot be changed. */
  async custom(organizationId: number, roleId: string): Promise<Role> {
    const role = await this.get(organizationId, roleId);
    if (role.type === 'SYSTEM')
      throw badInput('roleId', `${roleId} is a SYSTEM role: its permissions are what the membership role grants and cannot be changed`);
    return role;
  }

  async update(
    organizationId: number,
    roleId: string,
    input: { name?: string; permissions?: string[]; color?: string | null; description?: string | null },
  ): Promise<Role> {
    const role = await this.custom(organizationId, roleId);
    if (input.name !== undefined) {
      if (!input.name?.trim()) throw badInput('name', 'must not be empty');
      role.name = input.name.trim();
    }
    if (input.permissions !== undefined) role.permissions = checkPermissions(input.permissions);
    if (input.color !== undefined) role.color = input.color;
    if (input.description !== undefined) role.description = input.description;
    try {
      return await this.db.getRepository(Role).save(role);
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`The organization already has a role named "${role.name}"`);
      throw error;
    }
  }

  /** Deletes a custom role; its members fall back to what their membership role grants. Answers it as it was. */
  async remove(organizationId: number, roleId: string): Promise<Role> {
    const role = await this.custom(organizationId, roleId);
    await this.db.getRepository(Role).delete({ id: role.id });
    return role;
  }

  /** Users holding the role: their cached principals must follow it. */
  async holders(roleId: string): Promise<number[]> {
    return (await this.db.getRepository(Membership).findBy({ customRoleId: roleId })).map((m) => m.userId);
  }

  /** A membership of the organization itself or of one of its teams; 404 for any other. */
  async membershipOf(organizationId: number, membershipId: number): Promise<Membership> {
    const membership = await this.db.getRepository(Membership).findOneBy({ id: membershipId });
    const team = membership && (await this.db.getRepository(Team).findOneBy({ id: membership.teamId }));
    const owner = team && (team.isOrganization ? team.id : team.parentId);
    if (!membership || owner !== organizationId) throw notFound('Membership', membershipId);
    return membership;
  }

  findByIds(ids: readonly string[]): Promise<Role[]> {
    return this.db.getRepository(Role).findBy({ id: In([...ids]) });
  }
}

/** Valid `resource.action` permissions, sorted and without repeats; a 400 naming `permissions` otherwise. */
export function checkPermissions(permissions: string[]): string[] {
  const invalid = permissions.find((p) => !PERMISSION.test(p));
  if (invalid !== undefined)
    throw badInput(
      'permissions',
      `Permission '${invalid}' must be a valid permission string in format 'resource.action' (e.g., 'eventType.read', 'booking.create')`,
    );
  return [...new Set(permissions)].sort();
}
