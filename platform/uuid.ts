/** A UUID in its text form: ids of uuid columns are checked with it first, so a malformed one is a not-found, not a query error. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
