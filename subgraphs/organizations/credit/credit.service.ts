import { DataSource, EntityManager } from 'typeorm';
import { badInput, conflict } from '../../../platform/errors';
import { ChargeCreditsInput } from './credit.inputs';
import { CreditAmounts, CreditBalance, CreditCharge } from './credit.types';
import { KeyedWriteReference, recordKeyedWrite } from '../../../platform/keyed-writes';

/** Whose credits: a user's own, or a team's (an organization is a team). */
export type CreditOwner = { userId: number } | { teamId: number };

const MAX_CHARGE = 1_000_000;
/** What a charge pays for: the real service's credit usage types. */
export const CREDIT_USAGES = ['SMS', 'CAL_AI_PHONE_CALL', 'AI_AGENT'] as const;
const MAX_GRANT = 1_000_000_000;

function ownerColumn(owner: CreditOwner): ['user_id' | 'team_id', number] {
  return 'userId' in owner ? ['user_id', owner.userId] : ['team_id', owner.teamId];
}

/** A balance in the real service's split: no monthly allowance here, so every credit is additional. */
const amountsOf = (balance: number): CreditAmounts => ({ monthlyRemaining: 0, additional: balance });

const balanceOf = (balance: number): CreditBalance => ({ hasCredits: balance > 0, balance, amounts: amountsOf(balance) });

/** The team column of the entry's balance row, read with the entry. */
const TEAM_OF_ENTRY = '(SELECT team_id FROM credit_balances b WHERE b.id = credit_entries.balance_id) AS team_id';

interface EntryRow {
  id?: string;
  team_id: number | null;
  amount: number;
  balance_after: number;
  credit_for: string | null;
  external_ref: string | null;
  created_at: Date;
}

function chargeOf(row: EntryRow, newCharge: boolean): CreditCharge {
  return {
    charged: true,
    credits: -row.amount,
    remainingBalance: row.balance_after,
    remainingAmounts: amountsOf(row.balance_after),
    teamId: row.team_id,
    creditFor: row.credit_for,
    externalRef: row.external_ref,
    newCharge,
    createdAt: row.created_at,
  };
}

function optionalText(field: string, value: string | undefined | null, max: number): string | null {
  if (value == null) return null;
  const text = value.trim();
  if (!text) throw badInput(field, 'must not be empty');
  if (text.length > max) throw badInput(field, `must be at most ${max} characters`);
  return text;
}

/**
 * The credit ledger. The balance row is the lock: every change takes it `FOR UPDATE`, so concurrent
 * charges are judged one after the other against the balance the previous one left, and the
 * `balance >= 0` check is only a last line of defence.
 */
export class CreditService {
  constructor(private readonly db: DataSource) {}

  async available(owner: CreditOwner): Promise<CreditBalance> {
    const [column, id] = ownerColumn(owner);
    const [row] = await this.db.query(`SELECT balance FROM credit_balances WHERE ${column} = $1`, [id]);
    return balanceOf(row?.balance ?? 0);
  }

  async charge(owner: CreditOwner, input: ChargeCreditsInput): Promise<CreditCharge> {
    if (!Number.isInteger(input.credits) || input.credits < 1 || input.credits > MAX_CHARGE) {
      throw badInput('credits', `must be a whole number from 1 to ${MAX_CHARGE}`);
    }
    const creditFor = optionalText('creditFor', input.creditFor, 100);
    if (creditFor !== null && !(CREDIT_USAGES as readonly string[]).includes(creditFor)) {
      throw badInput('creditFor', `must be one of ${CREDIT_USAGES.join(', ')}`);
    }
    const externalRef = optionalText('externalRef', input.externalRef, 255);
    const [column, id] = ownerColumn(owner);
    return this.db.transaction(async (m) => {
      const [account]: Array<{ id: number; balance: number }> = await m.query(`SELECT id, balance FROM credit_balances WHERE ${column} = $1 FOR UPDATE`, [id]);
      if (account && externalRef) {
        const earlier = await this.entryByRef(m, account.id, externalRef);
        if (earlier) return chargeOf(earlier, false);
      }
      const balance = account?.balance ?? 0;
      if (!account || balance < input.credits) {
        throw conflict(`Insufficient credits: ${balance} available, ${input.credits} asked`);
      }
      const remaining = balance - input.credits;
      await m.query('UPDATE credit_balances SET balance = $2, updated_at = now() WHERE id = $1', [account.id, remaining]);
      const [entry]: EntryRow[] = await m.query(
        `INSERT INTO credit_entries (balance_id, kind, amount, balance_after, credit_for, external_ref)
         VALUES ($1, 'charge', $2, $3, $4, $5) RETURNING id, amount, balance_after, credit_for, external_ref, created_at, ${TEAM_OF_ENTRY}`,
        [account.id, -input.credits, remaining, creditFor, externalRef],
      );
      // With the record of a keyed charge (Idempotency-Key) in the same transaction: sent again, it answers this charge.
      await recordKeyedWrite(m, { entryId: String(entry.id) });
      return chargeOf(entry, true);
    });
  }

  /** The charge a keyed write made before (charge's record), answered as its first run answered it. */
  async recalled(reference: KeyedWriteReference): Promise<CreditCharge> {
    const [entry]: EntryRow[] = await this.db.query(
      `SELECT id, amount, balance_after, credit_for, external_ref, created_at, ${TEAM_OF_ENTRY} FROM credit_entries WHERE id = $1`,
      [reference.entryId],
    );
    return chargeOf(entry, true);
  }

  /** Operator top-up (`npm run admin -- grant-credits`): adds to the balance and writes a grant entry. */
  async grant(owner: CreditOwner, credits: number, note?: string): Promise<CreditBalance> {
    if (!Number.isInteger(credits) || credits < 1 || credits > MAX_GRANT) throw badInput('credits', `must be a whole number from 1 to ${MAX_GRANT}`);
    const [column, id] = ownerColumn(owner);
    return this.db.transaction(async (m) => {
      const [account]: Array<{ id: number; balance: number }> = await m.query(
        `INSERT INTO credit_balances (${column}, balance) VALUES ($1, $2)
         ON CONFLICT (${column}) WHERE ${column} IS NOT NULL DO UPDATE SET balance = credit_balances.balance + EXCLUDED.balance, updated_at = now()
         RETURNING id, balance`,
        [id, credits],
      );
      await m.query(`INSERT INTO credit_entries (balance_id, kind, amount, balance_after, credit_for) VALUES ($1, 'grant', $2, $3, $4)`, [
        account.id,
        credits,
        account.balance,
        note ?? null,
      ]);
      return balanceOf(account.balance);
    });
  }

  private async entryByRef(m: EntityManager, balanceId: number, externalRef: string): Promise<EntryRow | undefined> {
    const [row] = await m.query(
      `SELECT amount, balance_after, credit_for, external_ref, created_at, ${TEAM_OF_ENTRY} FROM credit_entries WHERE balance_id = $1 AND external_ref = $2 AND kind = 'charge'`,
      [balanceId, externalRef],
    );
    return row;
  }
}
