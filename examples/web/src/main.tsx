import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { BookSlotDocument, TeamSlotsDocument, UpcomingBookingsDocument } from '@generated/graphql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingsView } from './bookings-view';
import { loadConfig, type AppConfig } from './config';
import { accessToken, finishSignIn, signOut, startSignIn } from './sign-in';
import { trustedDocumentLink } from './trusted-document-link';

/** Every operation the app sends: their ids are in the manifest the gateway serves (persisted-documents.json). */
const DOCUMENTS = [UpcomingBookingsDocument, TeamSlotsDocument, BookSlotDocument];

function SignedOut({ config, problem }: { config: AppConfig; problem?: string }) {
  return (
    <section id="signed-out">
      <h1>My bookings</h1>
      {problem && <p className="error">{problem}</p>}
      <button id="sign-in" type="button" onClick={() => void startSignIn(config)}>
        Sign in
      </button>
    </section>
  );
}

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const config = await loadConfig();
  let problem: string | undefined;
  if (window.location.pathname === '/callback') {
    try {
      await finishSignIn(config, new URLSearchParams(window.location.search));
    } catch (error) {
      problem = (error as Error).message;
    }
    window.history.replaceState(null, '', '/');
  }
  if (!accessToken()) {
    root.render(<SignedOut config={config} problem={problem} />);
    return;
  }
  const client = new ApolloClient({ link: trustedDocumentLink(`${config.apiUrl}/graphql`, DOCUMENTS, accessToken), cache: new InMemoryCache() });
  const leave = () => {
    signOut();
    window.location.assign('/');
  };
  root.render(
    <StrictMode>
      <ApolloProvider client={client}>
        <button id="sign-out" type="button" onClick={leave}>
          Sign out
        </button>
        <BookingsView />
      </ApolloProvider>
    </StrictMode>,
  );
}

void start();
