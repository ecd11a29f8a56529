import { AbstractLogger, LogLevel, LogMessage, QueryRunner } from 'typeorm';
import { setting } from './configuration/settings';

/**
 * Counts every SQL statement the subgraphs send, so a test can show that a nested query costs a
 * constant number of statements however many rows it returns. LOG_SQL=1 also prints them.
 */
export const sqlStatements = { count: 0 };

export class CountingSqlLogger extends AbstractLogger {
  logQuery(query: string, parameters?: unknown[], _queryRunner?: QueryRunner): void {
    sqlStatements.count += 1;
    if (setting('LOG_SQL')) console.log(`[sql] ${query}`, parameters ?? '');
  }

  protected writeLog(level: LogLevel, message: LogMessage | string | number | LogMessage[]): void {
    if (level === 'error' || level === 'warn') console.error(`[typeorm ${level}]`, message);
  }
}
