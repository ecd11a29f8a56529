import { expectSuccess } from '../support/fixtures';
import { codeIn, startSmsProvider } from '../support/sms-provider';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/**
 * Conformance: a user's verified e-mails and phones, replayed from the real service's public e2e spec
 * apps/api/v2/src/modules/verified-resources/controllers/users-verified-resources.controller.e2e-spec.ts
 * ("UserVerifiedResourcesController (e2e)", test names beside each case). Theirs mocks the one-time code ("1234")
 * and writes the verified phone with a fixture; here the codes are real: the e-mail's is read from the test SMTP
 * server, and the phone is verified with the code the test SMS provider received.
 */
describe('conformance: verified resources', () => {
  let stack: TestStack;
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  let user: Person;
  let verifiedEmailId: number;
  let verifiedPhoneId: number;
  const emailToVerify = 'user-e2e-verified-resources@example.com';
  const phoneToVerify = '+37255551234';

  beforeAll(async () => {
    [stack, sms] = await Promise.all([startTestStack({ smtp: true }), startSmsProvider()]);
    process.env.SMS_PROVIDER_URL = sms.url;
    user = await person(stack, 'users-verified-resources-e2e');
    // Their fixture writes the verified phone; here it is requested and verified with the code sent.
    expectSuccess(await call('POST', '/v2/verified-resources/phones/verification-code/request', { phone: phoneToVerify }));
    const code = codeIn(sms.messages.find((m) => m.to === phoneToVerify)!.body)!;
    verifiedPhoneId = expectSuccess(await call('POST', '/v2/verified-resources/phones/verification-code/verify', { phone: phoneToVerify, code })).id;
  });
  afterAll(async () => {
    delete process.env.SMS_PROVIDER_URL;
    await sms?.stop();
    await stack.stop();
  });

  const call = (method: string, path: string, body?: unknown) => stack.rest(method, path, { key: user.key, body });

  it('"should trigger email verification code": 200', async () => {
    const response = await call('POST', '/v2/verified-resources/emails/verification-code/request', { email: emailToVerify });
    expect(response.status).toBe(200);
  });

  it('"should verify email": 200, the e-mail and its user', async () => {
    const mail = await stack.mail.waitFor((m) => m.to.includes(emailToVerify));
    const data = expectSuccess(await call('POST', '/v2/verified-resources/emails/verification-code/verify', { email: emailToVerify, code: codeIn(mail.text) }));
    expect(data).toMatchObject({ email: emailToVerify, userId: user.id });
    verifiedEmailId = data.id;
  });

  it('"should fetch verified email by id"', async () => {
    expect(expectSuccess(await call('GET', `/v2/verified-resources/emails/${verifiedEmailId}`))).toMatchObject({ email: emailToVerify, userId: user.id });
  });

  it('"should fetch verified number by id"', async () => {
    expect(expectSuccess(await call('GET', `/v2/verified-resources/phones/${verifiedPhoneId}`))).toMatchObject({ phoneNumber: phoneToVerify, userId: user.id });
  });

  it('"should fetch verified emails": the one verified, of the user', async () => {
    const data = expectSuccess(await call('GET', '/v2/verified-resources/emails'));
    expect(data).toEqual(expect.arrayContaining([expect.objectContaining({ email: emailToVerify, userId: user.id })]));
  });

  it('"should fetch verified phones": the one verified, of the user', async () => {
    const data = expectSuccess(await call('GET', '/v2/verified-resources/phones'));
    expect(data).toEqual(expect.arrayContaining([expect.objectContaining({ phoneNumber: phoneToVerify, userId: user.id })]));
  });

  it('"should return 401 without auth header"', async () => {
    expect((await stack.rest('GET', '/v2/verified-resources/emails')).status).toBe(401);
  });
});
