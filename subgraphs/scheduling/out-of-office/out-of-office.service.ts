import { DataSource, EntityManager, FindOptionsOrder, In } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../../platform/errors';
import { recordKeyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { OOO_REASONS, OutOfOfficeEntry, OutOfOfficeReason } from './out-of-office.entity';
import { recordOutOfOfficeCreated } from './out-of-office-events';
import { CreateOutOfOfficeInput, OutOfOfficeSort, UpdateOutOfOfficeInput } from './out-of-office.inputs';

const DAY = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether `toUserId` may cover for the entry's user (a colleague in a shared team or organization). */
export type CoverCheck = (toUserId: number) => Promise<boolean>;

/** The UTC day of an ISO 8601 instant, as its first millisecond. */
function utcDayOf(field: string, value: string): number {
  const instant = ISO_DATE.test(value.trim()) ? Date.parse(value.trim()) : NaN;
  if (Number.isNaN(instant)) throw badInput(field, 'must be an ISO 8601 date or date-time, such as 2030-05-01T00:00:00.000Z');
  return Math.floor(instant / DAY) * DAY;
}

/** The reference's normalisation: start of the start's UTC day to the end (23:59:59.999) of the end's UTC day. */
export function wholeUtcDays(start: string, end: string): { start: Date; end: Date } {
  const first = utcDayOf('start', start);
  const last = utcDayOf('end', end);
  if (last < first) throw badInput('end', 'must not be before start');
  if (last - first > 5 * 366 * DAY) throw badInput('end', 'an out-of-office entry may last at most five years');
  return { start: new Date(first), end: new Date(last + DAY - 1) };
}

function reasonOf(value: string | null | undefined): OutOfOfficeReason {
  if (value == null) return 'unspecified';
  if (!(OOO_REASONS as readonly string[]).includes(value)) throw badInput('reason', `must be one of ${OOO_REASONS.join(', ')}`);
  return value as OutOfOfficeReason;
}

function orderOf(sort: OutOfOfficeSort): FindOptionsOrder<OutOfOfficeEntry> {
  const direction = (field: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (value !== 'asc' && value !== 'desc') throw badInput(field, 'must be asc or desc');
    return value === 'asc' ? ('ASC' as const) : ('DESC' as const);
  };
  const start = direction('sortStart', sort.sortStart);
  const end = direction('sortEnd', sort.sortEnd);
  return { ...(start ? { start } : {}), ...(end ? { end } : {}), ...(!start && !end ? { start: 'ASC' as const } : {}), id: 'ASC' as const };
}

/** Out-of-office entries of users; every call names the user whose entries it touches. */
export class OutOfOfficeService {
  constructor(private readonly db: DataSource) {}

  list(userIds: readonly number[], sort: OutOfOfficeSort, page: PageArgs): Promise<[OutOfOfficeEntry[], number]> {
    const order = orderOf(sort);
    if (!userIds.length) return Promise.resolve([[], 0]);
    return this.db.getRepository(OutOfOfficeEntry).findAndCount({ where: { userId: In([...userIds]) }, order, ...pageWindow(page) });
  }

  async get(userId: number, oooId: number, manager: EntityManager = this.db.manager): Promise<OutOfOfficeEntry> {
    const entry = await manager.findOneBy(OutOfOfficeEntry, { id: oooId, userId });
    if (!entry) throw notFound('Out-of-office entry', oooId);
    return entry;
  }

  /** Creates the entry and its OOO_CREATED event in one transaction; an overlap with another entry of the user is a 409. */
  async create(userId: number, input: CreateOutOfOfficeInput, mayCover: CoverCheck): Promise<OutOfOfficeEntry> {
    const period = wholeUtcDays(input.start, input.end);
    const reason = reasonOf(input.reason);
    await this.checkCover(userId, input.toUserId ?? null, mayCover);
    return this.overlapIsConflict(() =>
      this.db.transaction(async (tx) => {
        const entry = await tx.save(tx.create(OutOfOfficeEntry, { userId, toUserId: input.toUserId ?? null, ...period, notes: input.notes ?? null, reason }));
        const saved = await tx.findOneByOrFail(OutOfOfficeEntry, { id: entry.id });
        await recordOutOfOfficeCreated(tx, saved);
        await recordKeyedWrite(tx, { oooId: saved.id });
        return saved;
      }),
    );
  }

  async update(userId: number, oooId: number, input: UpdateOutOfOfficeInput, mayCover: CoverCheck): Promise<OutOfOfficeEntry> {
    const entry = await this.get(userId, oooId);
    const period = wholeUtcDays(input.start ?? entry.start.toISOString(), input.end ?? entry.end.toISOString());
    // Moving an entry onto a period the user already has is a 409, its own included (the real service's
    // organizations-users-ooo.e2e-spec.ts, "should fail to update a ooo entry with duplicate time").
    const samePeriod = period.start.getTime() === entry.start.getTime() && period.end.getTime() === entry.end.getTime();
    if ((input.start !== undefined || input.end !== undefined) && samePeriod) {
      throw conflict('The user already has an out-of-office entry for exactly these days');
    }
    Object.assign(entry, period);
    if (input.notes !== undefined) entry.notes = input.notes;
    if (input.reason !== undefined) entry.reason = reasonOf(input.reason);
    if (input.toUserId !== undefined) {
      await this.checkCover(userId, input.toUserId, mayCover);
      entry.toUserId = input.toUserId;
    }
    return this.overlapIsConflict(() => this.db.getRepository(OutOfOfficeEntry).save(entry));
  }

  /** Deletes the entry; answers it as it was. */
  async remove(userId: number, oooId: number): Promise<OutOfOfficeEntry> {
    const entry = await this.get(userId, oooId);
    await this.db.getRepository(OutOfOfficeEntry).delete({ id: entry.id });
    return entry;
  }

  private async checkCover(userId: number, toUserId: number | null, mayCover: CoverCheck): Promise<void> {
    if (toUserId == null) return;
    if (toUserId === userId) throw badInput('toUserId', 'must be another user than the one who is away');
    if (!(await mayCover(toUserId))) throw badInput('toUserId', 'must be an accepted member of a team or organization the user belongs to');
  }

  private async overlapIsConflict<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isConstraintViolation(error, 'exclusion')) throw conflict('The user already has an out-of-office entry overlapping these days');
      throw error;
    }
  }
}
