import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Offline, a query fails with a message and a retry rather than pausing behind a skeleton.
        networkMode: 'always',
        refetchOnWindowFocus: false,
        // Retrying a refusal only delays the message; retry network hiccups and 5xx once.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status > 0 && error.status < 500),
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

let current: QueryClient | null = null;

/**
 * The app's client, for route loaders (outside React) that start queries: set before the router
 * is made, since a data router runs the first loaders at once (main.tsx, test/renderApp.tsx).
 */
export const appQueryClient = () => current;
export function setAppQueryClient(client: QueryClient) {
  current = client;
}
