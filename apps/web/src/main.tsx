import './ui/firstStyles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { Providers } from './app/Providers';
import { makeQueryClient, setAppQueryClient } from './app/queryClient';
import { installFocusFirstError } from './lib/focusFirstError';
import { appRoutes } from './app/router';
import { currentLang, ensureLang } from './i18n';

// Made before the router: its first loaders start the brand home's calls into this client.
const queryClient = makeQueryClient();
setAppQueryClient(queryClient);
const router = createBrowserRouter(appRoutes);
installFocusFirstError();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A Spanish reader's texts arrive before the first paint, so no screen flashes in English.
void ensureLang(currentLang())
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers client={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
