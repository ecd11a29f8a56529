import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { dataSourceQueueDb, JOB_QUEUE_SCHEMA, QUEUES } from './job-queue';

/**
 * The job queues' settings (retries, expiry, retention) live in the database, in pg-boss's own `queue`
 * table: the process that creates a queue writes them from its environment (installJobQueue), every later
 * process reads them, and only an operator changes them (`npm run admin -- queue-settings`). So replicas
 * started with different environments never overwrite one another's (docs/decisions.md, issue 23).
 */
export interface QueueSettings {
  queue: string;
  /** Retries of a job that failed or expired. */
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelaySeconds: number;
  /** Each further retry waits twice as long. */
  retryBackoff: boolean;
  /** An active job this old is taken for lost (its worker died) and retried. */
  expireSeconds: number;
  /** Finished jobs are kept this long. */
  retentionMinutes: number;
  updatedOn: Date;
}

export type QueueSettingsChange = Partial<Omit<QueueSettings, 'queue' | 'updatedOn'>>;

function queueManager(db: DataSource): PgBoss {
  return new PgBoss({ db: dataSourceQueueDb(db), schema: JOB_QUEUE_SCHEMA, supervise: false, schedule: false, migrate: false });
}

function settingsOf(queue: PgBoss.QueueResult): QueueSettings {
  return {
    queue: queue.name,
    retryLimit: queue.retryLimit!,
    retryDelaySeconds: queue.retryDelay!,
    retryBackoff: queue.retryBackoff!,
    expireSeconds: queue.expireInSeconds!,
    retentionMinutes: queue.retentionMinutes!,
    updatedOn: queue.updatedOn,
  };
}

/** The settings of every queue of the stack, in QUEUES order. */
export async function queueSettings(db: DataSource): Promise<QueueSettings[]> {
  const queues = await queueManager(db).getQueues();
  return QUEUES.flatMap((name) => queues.filter((q) => q.name === name).map(settingsOf));
}

/** Changes some settings of one of QUEUES (the others stay as they are) and answers its settings. */
export async function changeQueueSettings(db: DataSource, queue: string, change: QueueSettingsChange): Promise<QueueSettings> {
  const manager = queueManager(db);
  const options: PgBoss.Queue = {
    name: queue,
    retryLimit: change.retryLimit,
    retryDelay: change.retryDelaySeconds,
    retryBackoff: change.retryBackoff,
    expireInSeconds: change.expireSeconds,
    retentionMinutes: change.retentionMinutes,
  };
  // pg-boss checks every option present, undefined ones too: only the settings given are passed.
  await manager.updateQueue(queue, Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as PgBoss.Queue);
  return settingsOf((await manager.getQueue(queue))!);
}
