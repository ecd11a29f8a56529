import { GraphQLError } from 'graphql';
import { DataSource, EntityManager, IsNull, MoreThan } from 'typeorm';
import { badInput, notFound } from '../../../platform/errors';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { SERVICE_UNAVAILABLE } from '../../../platform/unavailable';
import { TextProviderUnavailable } from '../../../platform/text-messages';
import { sendEmailCode, sendSmsCode } from './code-delivery';
import { CODE_LIFETIME_MS, codeHash, MAX_FAILED_ATTEMPTS, MAX_REQUESTS_PER_HOUR, newCode, sameHash } from './verification-code';
import { VerificationChannel, VerificationCode, VerifiedEmail, VerifiedPhone } from './verified-resource.entity';
import { forgetKeyedWrite, recordKeyedWrite } from '../../../platform/keyed-writes';
import { E164_PHONE } from '../../../platform/e164';
import { EMAIL_ADDRESS } from '../../../platform/email-address';

/** Whose verified resources: a user's own, or a team's. */
export type ResourceOwner = { userId: number; teamId?: undefined } | { teamId: number; userId?: undefined };

export function normalisedEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!EMAIL_ADDRESS.test(email) || email.length > 320) throw badInput('email', 'must be an e-mail address');
  return email;
}

/** E.164 (spec 8's pattern), after dropping spaces, dashes, dots and parentheses. */
export function normalisedPhone(value: string): string {
  const phone = value.replace(/[\s\-().]/g, '');
  if (!E164_PHONE.test(phone)) throw badInput('phone', 'must be an E.164 phone number such as +37255556666');
  return phone;
}

function tooManyRequests(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'TOO_MANY_REQUESTS' } });
}

const ownerColumns = (owner: ResourceOwner) => ({ userId: owner.userId ?? null, teamId: owner.teamId ?? null });
const ownerWhere = (owner: ResourceOwner) => (owner.userId != null ? { userId: owner.userId } : { teamId: owner.teamId! });

export class VerifiedResourceService {
  constructor(private readonly db: DataSource) {}

  /** Sends a new code to the address; rate limited per owner and address and per address. */
  async requestCode(owner: ResourceOwner, channel: VerificationChannel, target: string): Promise<boolean> {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const codes = this.db.getRepository(VerificationCode);
    const [mine, theirs] = await Promise.all([
      codes.countBy({ channel, target, ...ownerWhere(owner), createdAt: MoreThan(hourAgo) }),
      codes.countBy({ channel, target, createdAt: MoreThan(hourAgo) }),
    ]);
    if (mine >= MAX_REQUESTS_PER_HOUR || theirs >= MAX_REQUESTS_PER_HOUR * 2) {
      throw tooManyRequests(`Too many verification codes for this ${channel === 'email' ? 'e-mail address' : 'phone number'}; try again in an hour`);
    }
    const code = newCode();
    const row = await this.db.transaction(async (tx) => {
      const saved = await tx.save(
        tx.create(VerificationCode, {
          channel,
          target,
          ...ownerColumns(owner),
          codeHash: codeHash(channel, target, code),
          expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
        }),
      );
      // A request sent with an Idempotency-Key records it with its code: sent again, it answers true without a second message.
      await recordKeyedWrite(tx, { codeId: saved.id });
      return saved;
    });
    try {
      if (channel === 'email') await sendEmailCode(target, code);
      else await sendSmsCode(target, code);
    } catch (error) {
      // Never sent: it does not count, cannot be used, and the same request sent again sends one.
      await codes.delete({ id: row.id });
      await forgetKeyedWrite(this.db);
      const message =
        error instanceof TextProviderUnavailable ? error.message : `The ${channel === 'email' ? 'e-mail' : 'text message'} could not be sent; retry shortly`;
      throw new GraphQLError(message, { extensions: { code: SERVICE_UNAVAILABLE } });
    }
    return true;
  }

  /**
   * Checks the latest live code of the owner for the address. A wrong code counts against it (after
   * MAX_FAILED_ATTEMPTS it is dead); the right one is used up and the address becomes verified.
   */
  async verify(owner: ResourceOwner, channel: VerificationChannel, target: string, code: string): Promise<VerifiedEmail | VerifiedPhone> {
    return this.db
      .transaction(async (tx) => {
        const live = await tx.getRepository(VerificationCode).findOne({
          where: { channel, target, ...ownerWhere(owner), usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
          order: { id: 'DESC' },
          lock: { mode: 'pessimistic_write' },
        });
        if (!live || live.failedAttempts >= MAX_FAILED_ATTEMPTS) throw badInput('code', 'is invalid or has expired: request a new one');
        if (!sameHash(live.codeHash, codeHash(channel, target, code))) {
          await tx.getRepository(VerificationCode).increment({ id: live.id }, 'failedAttempts', 1);
          return null;
        }
        await tx.getRepository(VerificationCode).update({ id: live.id }, { usedAt: new Date() });
        return channel === 'email' ? this.saveEmail(tx, owner, target) : this.savePhone(tx, owner, target);
      })
      .then((verified) => {
        // Outside the transaction, so the failed attempt it counted stays counted.
        if (!verified) throw badInput('code', 'is invalid or has expired: request a new one');
        return verified;
      });
  }

  /** Verifying an address again answers the record it already has. */
  private async saveEmail(tx: EntityManager, owner: ResourceOwner, email: string): Promise<VerifiedEmail> {
    return (await tx.findOneBy(VerifiedEmail, { email, ...ownerWhere(owner) })) ?? tx.save(tx.create(VerifiedEmail, { email, ...ownerColumns(owner) }));
  }

  private async savePhone(tx: EntityManager, owner: ResourceOwner, phoneNumber: string): Promise<VerifiedPhone> {
    return (
      (await tx.findOneBy(VerifiedPhone, { phoneNumber, ...ownerWhere(owner) })) ?? tx.save(tx.create(VerifiedPhone, { phoneNumber, ...ownerColumns(owner) }))
    );
  }

  emails(owner: ResourceOwner, page: PageArgs): Promise<[VerifiedEmail[], number]> {
    return this.db.getRepository(VerifiedEmail).findAndCount({ where: ownerWhere(owner), order: { id: 'ASC' }, ...pageWindow(page) });
  }

  phones(owner: ResourceOwner, page: PageArgs): Promise<[VerifiedPhone[], number]> {
    return this.db.getRepository(VerifiedPhone).findAndCount({ where: ownerWhere(owner), order: { id: 'ASC' }, ...pageWindow(page) });
  }

  async email(owner: ResourceOwner, id: number): Promise<VerifiedEmail> {
    const found = await this.db.getRepository(VerifiedEmail).findOneBy({ id, ...ownerWhere(owner) });
    if (!found) throw notFound('Verified e-mail', id);
    return found;
  }

  async phone(owner: ResourceOwner, id: number): Promise<VerifiedPhone> {
    const found = await this.db.getRepository(VerifiedPhone).findOneBy({ id, ...ownerWhere(owner) });
    if (!found) throw notFound('Verified phone number', id);
    return found;
  }
}
