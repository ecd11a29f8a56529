// A codegen document transform (examples/codegen.yml): `__typename` in every selection set of the web example's documents, as Apollo
// Client's cache asks for them. The documents of the trusted manifest are then exactly what the app needs back.
exports.transform = require('@graphql-codegen/client-preset').addTypenameSelectionDocumentTransform.transform;
