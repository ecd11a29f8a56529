/** Spec 2.3 / 8: access tokens last 1800 seconds. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 1800;
/** Our choice (spec 5.5 leaves it open): 30 days from issue; each refresh issues a new one. */
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Our choice (spec 5.5 leaves it open): 10 minutes, single use. */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 10 * 60;
