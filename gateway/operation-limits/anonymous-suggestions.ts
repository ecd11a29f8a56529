import { ApolloServerPlugin } from '@apollo/server';
import { Principal } from '../../platform/principal';

const SUGGESTION = / ?Did you mean [^?]*\?/g;

/**
 * GraphQL's "Did you mean …?" hints map the schema for whoever probes it; callers without a
 * credential get the error without them. Signed-in developers keep the hints.
 */
export const noSuggestionsForAnonymous: ApolloServerPlugin<{ principal?: Principal }> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ contextValue, errors }) {
        if (contextValue.principal && contextValue.principal.kind !== 'anonymous') return;
        for (const error of errors) error.message = error.message.replace(SUGGESTION, '');
      },
    };
  },
};
