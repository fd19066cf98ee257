import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { abortTour, useTourStore } from './tour';

/**
 * The pages each stage of the tour happens on; leaving them (Back, a sign-out) ends the tour
 * quietly. While the brand opens, the chooser is still shown until the navigation lands.
 */
const PAGES_OF = { intro: ['/brand/choose'], between: ['/brand/choose', '/brand'], searcher: ['/brand'] } as const;

/** In the signed-in shell: keeps the tour on its page, and ends it with the shell. */
export function TourHost() {
  const { pathname } = useLocation();
  const stage = useTourStore((s) => s.stage);
  useEffect(() => {
    if (stage !== 'idle' && !(PAGES_OF[stage] as readonly string[]).includes(pathname)) abortTour();
  }, [pathname, stage]);
  useEffect(() => () => abortTour(), []);
  return null;
}
