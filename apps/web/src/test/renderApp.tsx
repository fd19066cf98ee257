import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Providers } from '../app/Providers';
import { makeQueryClient, setAppQueryClient } from '../app/queryClient';
import { appRoutes } from '../app/router';

/** The real route table in memory, with the real providers. */
export function renderApp(path: string) {
  // As main.tsx: the client first, since the router runs the first loaders at once.
  const client = makeQueryClient();
  setAppQueryClient(client);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <Providers client={client} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, client, ...view };
}
