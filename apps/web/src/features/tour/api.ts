import { routes } from '@brandvault/contract';
import type { TourOutcome } from '@brandvault/contract';
import { call } from '../../api/client';

/** Records on the user how the tour ended, so it does not start by itself again anywhere. */
export const recordTour = (outcome: TourOutcome) => call(routes.updateTour, { body: { outcome } });
