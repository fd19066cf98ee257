import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Providers } from '../app/Providers';
import { makeQueryClient } from '../app/queryClient';
import { appRoutes } from '../app/router';

/** The real route table in memory, with the real providers. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const client = makeQueryClient();
  const view = render(
    <Providers client={client} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, client, ...view };
}
