import { leanFindBy } from '../../../platform/lean-reads';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../../platform/errors';
import { checkPassword, hashPassword, verifyPassword } from './password';
import { User } from './user.entity';
import { isIanaTimeZone } from '../../../platform/time-zones';
import { EMAIL_ADDRESS } from '../../../platform/email-address';

export interface NewUser {
  email: string;
  name: string;
  username?: string;
  password?: string;
  timeZone: string;
  isServiceAdmin?: boolean;
}

export class UserService {
  /** An EntityManager makes the service work inside that transaction. */
  constructor(private readonly db: DataSource | EntityManager) {}

  private get users() {
    return this.db.getRepository(User);
  }

  async create(input: NewUser): Promise<User> {
    const email = input.email?.trim().toLowerCase();
    if (!email || !EMAIL_ADDRESS.test(email)) throw badInput('email', 'must be an e-mail address');
    if (!input.name?.trim()) throw badInput('name', 'must not be empty');
    if (!isIanaTimeZone(input.timeZone)) throw badInput('timeZone', `"${input.timeZone}" is not an IANA time zone`);
    if (input.password !== undefined) checkPassword(input.password);
    const username = (input.username ?? email.split('@')[0]).toLowerCase().replace(/[^a-z0-9-_.]/g, '-');
    try {
      return await this.users.save(
        this.users.create({
          email,
          username,
          name: input.name.trim(),
          timeZone: input.timeZone,
          passwordHash: input.password ? await hashPassword(input.password) : null,
          isServiceAdmin: input.isServiceAdmin ?? false,
          metadata: {},
        }),
      );
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`A user with e-mail ${email} or username ${username} already exists`);
      throw error;
    }
  }

  async get(id: number): Promise<User> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw notFound('User', id);
    return user;
  }

  /**
   * The user with this e-mail and password, or null. An unknown e-mail costs the same scrypt work as
   * a wrong password, so the answer time does not tell which e-mails have accounts.
   */
  async verifyCredentials(email: string, password: string): Promise<User | null> {
    const user = typeof email === 'string' && email.trim() ? await this.users.findOneBy({ email: email.trim().toLowerCase() }) : null;
    const matches = await verifyPassword(typeof password === 'string' ? password : '', user?.passwordHash ?? (await unknownUserHash()));
    return user?.passwordHash && matches ? user : null;
  }

  findByIds(ids: readonly number[]): Promise<User[]> {
    return leanFindBy(this.db, User, 'id', ids);
  }
}

let decoy: Promise<string> | undefined;
/** A hash no password matches by chance, checked for unknown e-mails. */
function unknownUserHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(32).toString('hex'));
  return decoy;
}
