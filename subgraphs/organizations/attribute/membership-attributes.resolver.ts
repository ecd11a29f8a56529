import { GraphQLJSON } from 'graphql-scalars';
import { Ctx, Field, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { Membership } from '../team/membership.entity';

@ObjectType({ description: 'One option of a MULTI_SELECT attribute held by a member (reference: MultiSelectAttributeOption).' })
export class MembershipAttributeOption {
  @Field() optionId: string;
  @Field() option: string;
}

@ObjectType({
  description:
    'An attribute of an organization member with what they hold (reference: TextAttribute, NumberAttribute, SingleSelectAttribute, MultiSelectAttribute): `option`/`optionId` for one value, `options` for MULTI_SELECT.',
})
export class MembershipAttribute {
  @Field() id: string;
  @Field() name: string;
  @Field({ description: 'TEXT, NUMBER, SINGLE_SELECT or MULTI_SELECT.' }) type: string;
  @Field({ description: "The type as the reference's membership answers name it: text, number, singleSelect or multiSelect." }) kind: string;
  @Field(() => GraphQLJSON, { nullable: true, description: 'The value: a number for NUMBER attributes, else a string; null for MULTI_SELECT.' }) option:
    string | number | null;
  @Field(() => String, { nullable: true }) optionId: string | null;
  @Field(() => [MembershipAttributeOption], { nullable: true, description: 'MULTI_SELECT only.' }) options: MembershipAttributeOption[] | null;
}

/** The reference's name of each attribute type in a member's attributes (TextAttribute … MultiSelectAttribute). */
const KIND: Record<string, string> = { TEXT: 'text', NUMBER: 'number', SINGLE_SELECT: 'singleSelect', MULTI_SELECT: 'multiSelect' };

interface Row {
  membership_id: number;
  attribute_id: string;
  name: string;
  type: string;
  option_id: string;
  value: string;
}

/** One statement for every membership of the page. */
const attributesByMembershipId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, MembershipAttribute[]>('attributesByMembershipId', async (ids) => {
    const rows: Row[] = await ctx.db.query(
      `SELECT s.membership_id, a.id AS attribute_id, a.name, a.type, o.id AS option_id, o.value
         FROM attribute_assignments s
         JOIN attribute_options o ON o.id = s.attribute_option_id
         JOIN attributes a ON a.id = o.attribute_id
        WHERE s.membership_id = ANY($1)
        ORDER BY a.name, a.id, o.value, o.id`,
      [[...ids]],
    );
    const byMember = new Map<number, Map<string, MembershipAttribute>>();
    for (const row of rows) {
      const attributes = byMember.get(row.membership_id) ?? new Map<string, MembershipAttribute>();
      byMember.set(row.membership_id, attributes);
      const attribute = attributes.get(row.attribute_id) ?? {
        id: row.attribute_id,
        name: row.name,
        type: row.type,
        kind: KIND[row.type] ?? row.type,
        option: null,
        optionId: null,
        options: null,
      };
      attributes.set(row.attribute_id, attribute);
      if (row.type === 'MULTI_SELECT') attribute.options = [...(attribute.options ?? []), { optionId: row.option_id, option: row.value }];
      else
        Object.assign(attribute, {
          optionId: row.option_id,
          option: row.type === 'NUMBER' && Number.isFinite(Number(row.value)) ? Number(row.value) : row.value,
        });
    }
    return ids.map((id) => [...(byMember.get(id)?.values() ?? [])]);
  });

@Resolver(() => Membership)
export class MembershipAttributesResolver {
  @FieldResolver(() => [MembershipAttribute], {
    description: 'The organization attributes the member holds (organization memberships; a team membership has none).',
  })
  attributes(@Root() membership: Membership, @Ctx() ctx: SubgraphContext): Promise<MembershipAttribute[]> {
    return attributesByMembershipId(ctx).load(membership.id);
  }
}
