export * from './authz-directives';
export * from './context';
export * from './errors';
export * from './loaders';
export * from './pagination';
export * from './principal';
export * from './server';
