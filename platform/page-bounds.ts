/**
 * The bounds of `take` and `skip` on every list of the API (spec 8, "Limits": 1 to 250, 0 or more). Declared apart
 * from pagination.ts (type-graphql decorators) so the gateway, which checks them before costing an operation, can
 * read them without loading type-graphql.
 */
export const PAGE_BOUNDS = {
  take: { min: 1, max: 250 },
  skip: { min: 0 },
} as const;
