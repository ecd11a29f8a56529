/**
 * Delivery settings of the webhook tests, set before the stack starts: loopback receivers allowed,
 * second-scale retries and a fast poll, so no test sleeps or waits for minutes.
 */
export function fastWebhookSettings(): void {
  Object.assign(process.env, {
    ALLOW_PRIVATE_TARGETS: '1',
    WEBHOOK_POLLING_INTERVAL_SECONDS: '0.5',
    WEBHOOK_RETRY_BASE_SECONDS: '0.5',
    WEBHOOK_RETRY_MAX_DELAY_SECONDS: '3',
    WEBHOOK_MAX_ATTEMPTS: '4',
    WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000',
    WEBHOOK_JOB_EXPIRE_SECONDS: '4',
    WEBHOOK_MAINTENANCE_INTERVAL_SECONDS: '1',
  });
}
