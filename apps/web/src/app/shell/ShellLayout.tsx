import '../../ui/laterStyles';
import { Suspense } from 'react';
import { Box, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { useNotificationStream } from '../../features/notifications/useNotificationStream';
import { ShortcutDialogHost } from '../../features/shortcuts/ShortcutDialog';
import { TourHost } from '../../features/tour/TourHost';
import { useSession } from '../../state/session';
import { useRevalidateOnAccessChange } from '../../lib/guards';
import { ScreenSkeleton } from '../../ui/ScreenSkeleton';
import { EmulationBanner } from './EmulationBanner';
import { Navbar } from './Navbar';
import classes from './Navbar.module.css';

/** Signed-in screens: emulation banner, navbar, then the routed view. */
export default function ShellLayout() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  useRevalidateOnAccessChange();
  useNotificationStream();
  // The loader guards navigation; this covers a session cleared while already on the page.
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return (
    <Box mih="100vh" bg="gray.0">
      {/* Keyboard users reach the screen's content without tabbing through the whole navbar. */}
      <a href="#main" className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      <Box pos="sticky" top={0} style={{ zIndex: 100 }}>
        <EmulationBanner />
        <Navbar />
      </Box>
      <Box component="main" id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <Suspense
          fallback={
            <Container size="xl" py="xl">
              <ScreenSkeleton />
            </Container>
          }
        >
          <Outlet />
        </Suspense>
      </Box>
      <ShortcutDialogHost />
      <TourHost />
    </Box>
  );
}
