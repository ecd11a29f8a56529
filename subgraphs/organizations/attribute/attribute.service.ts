import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound, notFoundSaying } from '../../../platform/errors';
import { recordKeyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { Membership } from '../team/membership.entity';
import { Team } from '../team/team.entity';
import { Attribute, AttributeAssignment, AttributeOption, AttributeType } from './attribute.entity';
import {
  AssignAttributeOptionInput,
  AssignedAttributeOption,
  AssignedOptionFilter,
  CreateAttributeInput,
  CreateAttributeOptionInput,
  UpdateAttributeInput,
  UpdateAttributeOptionInput,
} from './attribute.inputs';

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** The reference's 404 when no member (of the teams asked for) holds any of the options of `assignedOptionIds`. */
const nobodyHolds = () =>
  notFoundSaying('Options provided in assignedOptionIds are not assigned to anyone, or the users are not part of the teams specified in teamIds filter.');

function required(field: string, value: string | undefined | null): string {
  const trimmed = value?.trim();
  if (!trimmed) throw badInput(field, 'must not be empty');
  return trimmed;
}

/** Organization user attributes, their options and which members hold them. Every lookup is scoped to the organization. */
export class AttributeService {
  constructor(private readonly db: DataSource) {}

  private async organization(orgId: number, manager: EntityManager = this.db.manager): Promise<Team> {
    const org = await manager.findOneBy(Team, { id: orgId });
    if (!org?.isOrganization) throw notFound('Organization', orgId);
    return org;
  }

  async list(orgId: number, page: PageArgs): Promise<[Attribute[], number]> {
    await this.organization(orgId);
    return this.db.getRepository(Attribute).findAndCount({ where: { teamId: orgId }, order: { createdAt: 'ASC', id: 'ASC' }, ...pageWindow(page) });
  }

  async get(orgId: number, attributeId: string, manager: EntityManager = this.db.manager): Promise<Attribute> {
    const attribute = await manager.findOneBy(Attribute, { id: attributeId, teamId: orgId });
    if (!attribute) throw notFound('Attribute', attributeId);
    return attribute;
  }

  async bySlug(orgId: number, slug: string): Promise<Attribute> {
    const attribute = await this.db.getRepository(Attribute).findOneBy({ slug, teamId: orgId });
    if (!attribute) throw notFound('Attribute', slug);
    return attribute;
  }

  async create(orgId: number, input: CreateAttributeInput): Promise<Attribute> {
    const name = required('name', input.name);
    const slug = required('slug', input.slug);
    const options = input.options.map((o, i) => ({ value: required(`options[${i}].value`, o.value), slug: required(`options[${i}].slug`, o.slug) }));
    const repeated = options.find((o, i) => options.findIndex((p) => p.slug === o.slug) !== i);
    if (repeated) throw badInput('options', `the slug "${repeated.slug}" is used twice`);
    return this.unique(`The organization already has an attribute with the slug "${slug}"`, () =>
      this.db.transaction(async (manager) => {
        await this.organization(orgId, manager);
        const attribute = await manager.save(
          manager.create(Attribute, {
            id: newId('attr'),
            teamId: orgId,
            name,
            slug,
            type: input.type,
            enabled: input.enabled ?? true,
            usersCanEditRelation: false,
          }),
        );
        for (const option of options) await manager.save(manager.create(AttributeOption, { id: newId('attropt'), attributeId: attribute.id, ...option }));
        await recordKeyedWrite(manager, { attributeId: attribute.id });
        return attribute;
      }),
    );
  }

  async update(orgId: number, attributeId: string, input: UpdateAttributeInput): Promise<Attribute> {
    const attribute = await this.get(orgId, attributeId);
    if (input.name !== undefined) attribute.name = required('name', input.name);
    if (input.slug !== undefined) attribute.slug = required('slug', input.slug);
    if (input.type != null) attribute.type = input.type;
    if (input.enabled != null) attribute.enabled = input.enabled;
    return this.unique(`The organization already has an attribute with the slug "${attribute.slug}"`, () => this.db.getRepository(Attribute).save(attribute));
  }

  /** Deletes the attribute with its options and assignments; answers it as it was. */
  async remove(orgId: number, attributeId: string): Promise<Attribute> {
    const attribute = await this.get(orgId, attributeId);
    await this.db.getRepository(Attribute).delete({ id: attribute.id });
    return attribute;
  }

  async options(orgId: number, attributeId: string): Promise<AttributeOption[]> {
    const attribute = await this.get(orgId, attributeId);
    return this.db.getRepository(AttributeOption).find({ where: { attributeId: attribute.id }, order: { slug: 'ASC' } });
  }

  async option(orgId: number, attributeId: string, optionId: string): Promise<AttributeOption> {
    const attribute = await this.get(orgId, attributeId);
    const option = await this.db.getRepository(AttributeOption).findOneBy({ id: optionId, attributeId: attribute.id });
    if (!option) throw notFound('Attribute option', optionId);
    return option;
  }

  async createOption(orgId: number, attributeId: string, input: CreateAttributeOptionInput): Promise<AttributeOption> {
    const attribute = await this.get(orgId, attributeId);
    const value = required('value', input.value);
    const slug = required('slug', input.slug);
    return this.unique(`The attribute already has an option with the slug "${slug}"`, () =>
      this.db.transaction(async (manager) => {
        const option = await manager.save(manager.create(AttributeOption, { id: newId('attropt'), attributeId: attribute.id, value, slug }));
        await recordKeyedWrite(manager, { optionId: option.id });
        return option;
      }),
    );
  }

  async updateOption(orgId: number, attributeId: string, optionId: string, input: UpdateAttributeOptionInput): Promise<AttributeOption> {
    const option = await this.option(orgId, attributeId, optionId);
    if (input.value !== undefined) option.value = required('value', input.value);
    if (input.slug !== undefined) option.slug = required('slug', input.slug);
    return this.unique(`The attribute already has an option with the slug "${option.slug}"`, () => this.db.getRepository(AttributeOption).save(option));
  }

  async removeOption(orgId: number, attributeId: string, optionId: string): Promise<AttributeOption> {
    const option = await this.option(orgId, attributeId, optionId);
    await this.db.getRepository(AttributeOption).delete({ id: option.id });
    return option;
  }

  /**
   * Options of one attribute that accepted members of the organization hold, each with its holders (the reference's
   * rule: an option nobody holds is not listed). `teamIds`: only holders who are accepted members of one of these teams
   * of the organization. `assignedOptionIds`: only options held by somebody who also holds one of these (404 when
   * nobody holds them).
   */
  async assignedOptions(orgId: number, attribute: Attribute, filter: AssignedOptionFilter, page: PageArgs): Promise<[AssignedAttributeOption[], number]> {
    const teamIds = filter.teamIds?.length ? filter.teamIds : null;
    const holders = async (optionIds: string[]): Promise<Array<{ option_id: string; user_id: number }>> =>
      this.db.query(
        `SELECT a.attribute_option_id AS option_id, m.user_id
           FROM attribute_assignments a JOIN memberships m ON m.id = a.membership_id
          WHERE a.attribute_option_id = ANY($1) AND m.team_id = $2 AND m.accepted
            AND ($3::int[] IS NULL OR m.user_id IN (
                  SELECT t.user_id FROM memberships t JOIN teams team ON team.id = t.team_id
                   WHERE t.team_id = ANY($3) AND t.accepted AND team.parent_id = $2))
          ORDER BY m.user_id`,
        [optionIds, orgId, teamIds],
      );
    const options = await this.db.getRepository(AttributeOption).find({ where: { attributeId: attribute.id }, order: { slug: 'ASC' } });
    const rows = await holders(options.map((o) => o.id));
    let held = options
      .map((o) => ({ ...o, assignedUserIds: rows.filter((r) => r.option_id === o.id).map((r) => r.user_id) }))
      .filter((o) => o.assignedUserIds.length > 0);
    if (filter.assignedOptionIds?.length) {
      const alongside = new Set((await holders(filter.assignedOptionIds)).map((r) => r.user_id));
      if (alongside.size === 0) throw nobodyHolds();
      held = held.filter((o) => o.assignedUserIds.some((userId) => alongside.has(userId)));
    }
    const { take, skip } = pageWindow(page);
    return [held.slice(skip, skip + take), held.length];
  }

  private async orgMembership(orgId: number, userId: number, manager: EntityManager = this.db.manager): Promise<Membership> {
    await this.organization(orgId, manager);
    const membership = await manager.findOneBy(Membership, { teamId: orgId, userId, accepted: true });
    if (!membership) throw notFound(`User in organization ${orgId}`, userId);
    return membership;
  }

  /** Options of every attribute of the organization that the member holds. */
  async optionsOfUser(orgId: number, userId: number): Promise<AttributeOption[]> {
    const membership = await this.orgMembership(orgId, userId);
    return this.db
      .getRepository(AttributeOption)
      .createQueryBuilder('o')
      .innerJoin(AttributeAssignment, 'a', 'a.attribute_option_id = o.id')
      .where('a.membership_id = :membershipId', { membershipId: membership.id })
      .orderBy('o.attribute_id')
      .addOrderBy('o.slug')
      .getMany();
  }

  /**
   * Gives the member an option. SINGLE_SELECT, TEXT and NUMBER attributes hold one option per member
   * (the new one replaces the old); MULTI_SELECT adds. A `value` on a TEXT or NUMBER attribute finds or
   * creates the option with that value.
   */
  async assign(orgId: number, userId: number, input: AssignAttributeOptionInput): Promise<AttributeAssignment> {
    return this.db.transaction(async (manager) => {
      const membership = await this.orgMembership(orgId, userId, manager);
      const attribute = await this.get(orgId, input.attributeId, manager);
      const option = await this.optionToAssign(manager, attribute, input);
      if (attribute.type !== AttributeType.MULTI_SELECT) {
        await manager.query(
          `DELETE FROM attribute_assignments a USING attribute_options o
            WHERE a.attribute_option_id = o.id AND o.attribute_id = $1 AND a.membership_id = $2 AND o.id <> $3`,
          [attribute.id, membership.id, option.id],
        );
      }
      const existing = await manager.findOneBy(AttributeAssignment, { memberId: membership.id, attributeOptionId: option.id });
      return existing ?? manager.save(manager.create(AttributeAssignment, { id: newId('attrasg'), memberId: membership.id, attributeOptionId: option.id }));
    });
  }

  private async optionToAssign(manager: EntityManager, attribute: Attribute, input: AssignAttributeOptionInput): Promise<AttributeOption> {
    if (input.attributeOptionId != null) {
      const option = await manager.findOneBy(AttributeOption, { id: input.attributeOptionId, attributeId: attribute.id });
      if (!option) throw notFound('Attribute option', input.attributeOptionId);
      return option;
    }
    const value = required('value', input.value ?? undefined);
    if (attribute.type !== AttributeType.TEXT && attribute.type !== AttributeType.NUMBER) {
      throw badInput('attributeOptionId', `is required for a ${attribute.type} attribute (a value creates options of TEXT and NUMBER attributes only)`);
    }
    if (attribute.type === AttributeType.NUMBER && !Number.isFinite(Number(value))) throw badInput('value', 'must be a number for a NUMBER attribute');
    const found = await manager.findOneBy(AttributeOption, { attributeId: attribute.id, value });
    if (found) return found;
    const slug =
      value
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || newId('value');
    await manager.query(`INSERT INTO attribute_options (id, attribute_id, value, slug) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
      newId('attropt'),
      attribute.id,
      value,
      slug,
    ]);
    const created = await manager.findOneBy(AttributeOption, { attributeId: attribute.id, value });
    if (!created) throw conflict(`The attribute already has an option with the slug "${slug}"`);
    return created;
  }

  async unassign(orgId: number, userId: number, attributeOptionId: string): Promise<AttributeAssignment> {
    const membership = await this.orgMembership(orgId, userId);
    const assignment = await this.db
      .getRepository(AttributeAssignment)
      .createQueryBuilder('a')
      .innerJoin(AttributeOption, 'o', 'o.id = a.attribute_option_id')
      .innerJoin(Attribute, 'attr', 'attr.id = o.attribute_id')
      .where('a.membership_id = :membershipId AND a.attribute_option_id = :attributeOptionId AND attr.team_id = :orgId', {
        membershipId: membership.id,
        attributeOptionId,
        orgId,
      })
      .getOne();
    if (!assignment) throw notFound('Attribute option assigned to the user', attributeOptionId);
    await this.db.getRepository(AttributeAssignment).delete({ id: assignment.id });
    return assignment;
  }

  private async unique<T>(message: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(message);
      throw error;
    }
  }
}
