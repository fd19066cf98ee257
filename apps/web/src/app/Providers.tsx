import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import i18n from '../i18n';
import { LocalizedDates } from './LocalizedDates';
import { makeQueryClient } from './queryClient';
import { cssVariablesResolver, localizedTheme } from './theme';
import { LOGIN_TOAST_WIDTH } from '@brandvault/contract';

interface Props {
  children: ReactNode;
  client?: QueryClient;
  /** Tests turn off transitions and portals' delays. */
  env?: 'default' | 'test';
}

/** Mantine with the theme of the current language (its dialogs' close buttons are named in it). */
function Mantine({ children, env }: { children: ReactNode; env: 'default' | 'test' }) {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const theme = useMemo(() => localizedTheme(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      {children}
    </MantineProvider>
  );
}

export function Providers({ children, client, env = 'default' }: Props) {
  const [queryClient] = useState(() => client ?? makeQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <Mantine env={env}>
        <Notifications position="bottom-right" zIndex={2000} limit={4} containerWidth={LOGIN_TOAST_WIDTH} />
        <QueryClientProvider client={queryClient}>
          <LocalizedDates>{children}</LocalizedDates>
        </QueryClientProvider>
      </Mantine>
    </I18nextProvider>
  );
}
