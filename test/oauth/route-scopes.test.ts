import { ListValueNode, parse, StringValueNode, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { ROUTES } from '../../gateway/rest/routes';
import { RouteEntry } from '../../gateway/rest/route';
import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { accessTokenWithScopes } from '../support/oauth';
import { minimalBodyOf, supergraph } from '../support/route-walk';
import { startTestStack, TestStack } from '../support/stack';

/** What the supergraph declares for a route: the scopes of every field it selects, and its root field's rule. */
interface RouteRule {
  root: string;
  kind: 'scoped' | 'public' | 'uncovered';
  rootScopes: string[];
  allScopes: string[];
}

function firstScopeSet(directives: readonly { name: { value: string }; arguments?: readonly { name: { value: string }; value: unknown }[] }[] | undefined): string[] | null {
  const scopes = directives?.find((d) => d.name.value === 'scopes');
  if (!scopes) return null;
  const anyOf = scopes.arguments!.find((a) => a.name.value === 'anyOf')!.value as ListValueNode;
  return (anyOf.values[0] as ListValueNode).values.map((v) => (v as StringValueNode).value);
}

function ruleOf(route: RouteEntry): RouteRule {
  const typeInfo = new TypeInfo(supergraph);
  const all = new Set<string>();
  let root = '';
  let rootScopes: string[] | null = null;
  let isPublic = false;
  visit(
    parse(route.operation),
    visitWithTypeInfo(typeInfo, {
      Field() {
        const field = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        if (!field) return;
        const scopes = firstScopeSet(field.astNode?.directives);
        scopes?.forEach((s) => all.add(s));
        if (!root && (parent === supergraph.getQueryType() || parent === supergraph.getMutationType())) {
          root = field.name;
          rootScopes = scopes;
          isPublic = !!field.astNode?.directives?.some((d) => d.name.value === 'public');
        }
      },
    }),
  );
  return { root, kind: isPublic ? 'public' : rootScopes ? 'scoped' : 'uncovered', rootScopes: rootScopes ?? [], allScopes: [...all] };
}

describe('spec 5.3: an access token can only call routes covered by its granted scopes (walked from the route table)', () => {
  let stack: TestStack;
  let userId: number;
  let ids: Record<string, string | number>;
  const tokens = new Map<string, Promise<string>>();
  const tokenFor = (scopes: string[]) => {
    const key = [...scopes].sort().join(' ');
    if (!tokens.has(key)) tokens.set(key, accessTokenWithScopes(stack, userId, [...scopes].sort()));
    return tokens.get(key)!;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    const { user } = await userWithKey(stack);
    userId = user.id;
    const orgId = (await operator.createOrganization({ name: 'Scopeco', ownerId: userId })).id;
    const teamId = (await operator.createTeam({ name: 'Scope team', orgId, ownerId: userId })).id;
    await operator.addMember({ teamId: orgId, userId, role: MembershipRole.ADMIN }).catch(() => undefined);
    // Every path parameter gets a resource the caller may manage, or an id that simply does not exist:
    // either way a token holding the route's scopes must never meet a 403.
    ids = { orgId, teamId, userId, eventTypeId: 999_999, membershipId: 999_999, scheduleId: 999_999, webhookId: 999_999, linkId: 'nope', roleId: 'admin_role', bookingUid: 'nope' };
  });
  afterAll(() => stack.stop());

  const walked = ROUTES.filter((route) => !route.anonymous);

  it('walks every route of the table', () => {
    expect(walked.length).toBeGreaterThan(40);
  });

  for (const route of walked) {
    const rule = ruleOf(route);
    const call = async (token: string) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(ids[name] ?? 1)));
      const headers: Record<string, string> = route.version ? { 'svc-api-version': route.version } : {};
      return stack.rest(route.method, path, { key: token, body: minimalBodyOf(route), headers });
    };

    if (rule.kind === 'public') {
      it(`${route.method} ${route.path}${route.version ? ` (${route.version})` : ''}: public, a token without scopes is not refused (403)`, async () => {
        expect((await call(await tokenFor([]))).status).not.toBe(403);
      });
    } else if (rule.kind === 'uncovered') {
      it(`${route.method} ${route.path}: no scope covers ${rule.root}, so every access token gets 403`, async () => {
        const refused = await call(await tokenFor(rule.allScopes.length ? rule.allScopes : ['PROFILE_READ']));
        expect(refused.status).toBe(403);
        expect(refused.body.error.message).toMatch(/not covered by any OAuth scope/);
      });
    } else {
      it(`${route.method} ${route.path}${route.version ? ` (${route.version})` : ''}: without ${rule.rootScopes.join(' + ')} → 403, with it → not 403`, async () => {
        const without = rule.allScopes.filter((s) => !rule.rootScopes.includes(s));
        const refused = await call(await tokenFor(without.length ? without : ['CREDITS_READ']));
        expect(refused.status).toBe(403);
        expect(refused.body.error.message).toContain(rule.rootScopes[0]);
        const allowed = await call(await tokenFor(rule.allScopes));
        expect({ status: allowed.status, body: allowed.body }).not.toMatchObject({ status: 403 });
      });
    }
  }
});
