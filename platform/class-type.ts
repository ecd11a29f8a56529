/** A class: resolvers, object types, entities and migrations are handed over as their constructors. */
export type ClassType = abstract new (...args: never[]) => unknown;
