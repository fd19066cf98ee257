import type { TourBody, TourState } from '@brandvault/contract';
import type { z } from 'zod';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { userTarget } from '../audit/audit.trail.js';

/**
 * The onboarding tour's outcome, kept on the user (not in a browser) so it follows them: the web
 * app starts the tour by itself only for someone who has neither completed nor stopped it.
 */
export function tourService(deps: Deps) {
  const { clock } = deps;

  return {
    async updateTour(ctx: RequestContext, body: z.output<typeof TourBody>): Promise<TourState> {
      const u = ctx.actor.user;
      const at = iso(clock.now());
      const completed = body.outcome === 'completed';
      const field = completed ? 'tour_completed_at' : 'tour_dismissed_at';
      await deps.change(ctx, async (unit) => {
        await unit.repos.users.update(u.id, completed ? { tour_completed_at: at } : { tour_dismissed_at: at });
        await unit.audit({
          event: completed ? 'auth.tour_complete' : 'auth.tour_dismiss',
          target: userTarget(u),
          changes: { [field]: { before: u[field], after: at } },
        });
      });
      return {
        completed_at: completed ? at : u.tour_completed_at,
        dismissed_at: completed ? u.tour_dismissed_at : at,
      };
    },
  };
}
