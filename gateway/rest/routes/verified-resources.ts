import { PAGINATION, route, RouteEntry } from '../route';

const EMAIL = 'id email userId teamId';
const PHONE = 'id phoneNumber userId teamId';

/** One family of the eight verified-resource operations: the caller's, a team's, an organization team's. */
interface Family {
  prefix: string;
  tag: string;
  whose: string;
  /** GraphQL field name stems: `requestMyEmailVerificationCode`, `myVerifiedEmails`, `verifyMyEmail`, … */
  request: string;
  verify: string;
  list: string;
  /** Variable declarations and arguments for the path's ids. */
  vars: string;
  args: string;
}

const FAMILIES: Family[] = [
  { prefix: '/v2/verified-resources', tag: 'Verified Resources', whose: 'my', request: 'My', verify: 'My', list: 'my', vars: '', args: '' },
  {
    prefix: '/v2/teams/{teamId}/verified-resources',
    tag: 'Teams Verified Resources',
    whose: "the team's",
    request: 'Team',
    verify: 'Team',
    list: 'team',
    vars: '$teamId: Int!',
    args: 'teamId: $teamId',
  },
  {
    prefix: '/v2/organizations/{orgId}/teams/{teamId}/verified-resources',
    tag: 'Organization Team Verified Resources',
    whose: "the organization team's",
    request: 'OrganizationTeam',
    verify: 'OrganizationTeam',
    list: 'organizationTeam',
    vars: '$orgId: Int!, $teamId: Int!',
    args: 'orgId: $orgId, teamId: $teamId',
  },
];

const join = (...parts: string[]) => parts.filter(Boolean).join(', ');
const call = (field: string, args: string, selection = '') => `${field}${args ? `(${args})` : ''}${selection ? ` { ${selection} }` : ''}`;

function familyRoutes(f: Family): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const [kind, Kind, selection, input] of [
    ['emails', 'Email', EMAIL, 'Email'],
    ['phones', 'Phone', PHONE, 'Phone'],
  ] as const) {
    const requestField = `request${f.request}${Kind}VerificationCode`;
    out.push(
      route({
        method: 'POST',
        path: `${f.prefix}/${kind}/verification-code/request`,
        tag: f.tag,
        summary: `Send a verification code to ${f.whose} ${kind === 'emails' ? 'e-mail address (over SMTP)' : 'phone number (text message)'}; rate limited`,
        operation: `mutation ${requestField[0].toUpperCase()}${requestField.slice(1)}(${join(f.vars, `$input: Request${input}VerificationInput!`)}) { ${call(requestField, join(f.args, 'input: $input'))} }`,
        result: requestField,
      }),
    );
    const verifyField = `verify${f.verify}${Kind}`;
    out.push(
      route({
        method: 'POST',
        path: `${f.prefix}/${kind}/verification-code/verify`,
        tag: f.tag,
        summary: `Verify ${f.whose} ${kind === 'emails' ? 'e-mail address' : 'phone number'} with the code sent to it (single use, expires)`,
        operation: `mutation ${verifyField[0].toUpperCase()}${verifyField.slice(1)}(${join(f.vars, `$input: Verify${input}Input!`)}) { ${call(verifyField, join(f.args, 'input: $input'), selection)} }`,
        result: verifyField,
      }),
    );
    const listField = `${f.list}Verified${Kind}s`;
    out.push(
      route({
        method: 'GET',
        path: `${f.prefix}/${kind}`,
        tag: f.tag,
        summary: `Get ${f.whose} verified ${kind === 'emails' ? 'e-mail addresses' : 'phone numbers'}`,
        operation: `query ${listField[0].toUpperCase()}${listField.slice(1)}(${join(f.vars, '$take: Int, $skip: Int')}) { ${call(listField, join(f.args, 'take: $take, skip: $skip'), `items { ${selection} } ${PAGINATION}`)} }`,
        result: listField,
        paginated: true,
      }),
    );
    const oneField = `${f.list}Verified${Kind}`;
    out.push(
      route({
        method: 'GET',
        path: `${f.prefix}/${kind}/{id}`,
        tag: f.tag,
        summary: `Get one of ${f.whose} verified ${kind === 'emails' ? 'e-mail addresses' : 'phone numbers'}`,
        operation: `query ${oneField[0].toUpperCase()}${oneField.slice(1)}(${join(f.vars, '$id: Int!')}) { ${call(oneField, join(f.args, 'id: $id'), selection)} }`,
        result: oneField,
      }),
    );
  }
  return out;
}

export const verifiedResourceRoutes = FAMILIES.flatMap(familyRoutes);
