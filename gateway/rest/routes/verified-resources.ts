import {
  MyVerifiedEmailDocument,
  MyVerifiedEmailsDocument,
  MyVerifiedPhoneDocument,
  MyVerifiedPhonesDocument,
  OrganizationTeamVerifiedEmailDocument,
  OrganizationTeamVerifiedEmailsDocument,
  OrganizationTeamVerifiedPhoneDocument,
  OrganizationTeamVerifiedPhonesDocument,
  RequestMyEmailVerificationCodeDocument,
  RequestMyPhoneVerificationCodeDocument,
  RequestOrganizationTeamEmailVerificationCodeDocument,
  RequestOrganizationTeamPhoneVerificationCodeDocument,
  RequestTeamEmailVerificationCodeDocument,
  RequestTeamPhoneVerificationCodeDocument,
  TeamVerifiedEmailDocument,
  TeamVerifiedEmailsDocument,
  TeamVerifiedPhoneDocument,
  TeamVerifiedPhonesDocument,
  VerifyMyEmailDocument,
  VerifyMyPhoneDocument,
  VerifyOrganizationTeamEmailDocument,
  VerifyOrganizationTeamPhoneDocument,
  VerifyTeamEmailDocument,
  VerifyTeamPhoneDocument,
} from '../contracts/generated';
import { route, RouteEntry } from '../route';

/** One family of the eight verified-resource operations: the caller's, a team's, an organization team's. */
interface Family {
  prefix: string;
  tag: string;
  whose: string;
  /** GraphQL field name stems: `requestMyEmailVerificationCode`, `myVerifiedEmails`, `verifyMyEmail`, … */
  request: string;
  verify: string;
  list: string;
  /** The operations (gateway/rest/contracts/verified-resources.graphql) of each kind. */
  documents: Record<'emails' | 'phones', Record<'request' | 'verify' | 'list' | 'one', RouteEntry['document']>>;
}

const FAMILIES: Family[] = [
  {
    prefix: '/v2/verified-resources',
    tag: 'Verified Resources',
    whose: 'my',
    request: 'My',
    verify: 'My',
    list: 'my',
    documents: {
      emails: { request: RequestMyEmailVerificationCodeDocument, verify: VerifyMyEmailDocument, list: MyVerifiedEmailsDocument, one: MyVerifiedEmailDocument },
      phones: { request: RequestMyPhoneVerificationCodeDocument, verify: VerifyMyPhoneDocument, list: MyVerifiedPhonesDocument, one: MyVerifiedPhoneDocument },
    },
  },
  {
    prefix: '/v2/teams/{teamId}/verified-resources',
    tag: 'Teams Verified Resources',
    whose: "the team's",
    request: 'Team',
    verify: 'Team',
    list: 'team',
    documents: {
      emails: {
        request: RequestTeamEmailVerificationCodeDocument,
        verify: VerifyTeamEmailDocument,
        list: TeamVerifiedEmailsDocument,
        one: TeamVerifiedEmailDocument,
      },
      phones: {
        request: RequestTeamPhoneVerificationCodeDocument,
        verify: VerifyTeamPhoneDocument,
        list: TeamVerifiedPhonesDocument,
        one: TeamVerifiedPhoneDocument,
      },
    },
  },
  {
    prefix: '/v2/organizations/{orgId}/teams/{teamId}/verified-resources',
    tag: 'Organization Team Verified Resources',
    whose: "the organization team's",
    request: 'OrganizationTeam',
    verify: 'OrganizationTeam',
    list: 'organizationTeam',
    documents: {
      emails: {
        request: RequestOrganizationTeamEmailVerificationCodeDocument,
        verify: VerifyOrganizationTeamEmailDocument,
        list: OrganizationTeamVerifiedEmailsDocument,
        one: OrganizationTeamVerifiedEmailDocument,
      },
      phones: {
        request: RequestOrganizationTeamPhoneVerificationCodeDocument,
        verify: VerifyOrganizationTeamPhoneDocument,
        list: OrganizationTeamVerifiedPhonesDocument,
        one: OrganizationTeamVerifiedPhoneDocument,
      },
    },
  },
];

function familyRoutes(f: Family): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const [kind, Kind] of [
    ['emails', 'Email'],
    ['phones', 'Phone'],
  ] as const) {
    const documents = f.documents[kind];
    const requestField = `request${f.request}${Kind}VerificationCode`;
    out.push(
      route({
        method: 'POST',
        path: `${f.prefix}/${kind}/verification-code/request`,
        tag: f.tag,
        summary: `Send a verification code to ${f.whose} ${kind === 'emails' ? 'e-mail address (over SMTP)' : 'phone number (text message)'}; rate limited`,
        document: documents.request,
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
        document: documents.verify,
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
        document: documents.list,
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
        document: documents.one,
        result: oneField,
      }),
    );
  }
  return out;
}

export const verifiedResourceRoutes = FAMILIES.flatMap(familyRoutes);
