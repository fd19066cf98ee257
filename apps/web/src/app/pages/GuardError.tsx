import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FORBIDDEN } from '../../lib/guards';
import { ForbiddenPage } from './ForbiddenPage';

/**
 * The error element of a route with `requirePermission` / `requireRole`: their refusal shows the
 * forbidden screen inside the shell; anything else goes on to the app's last-resort error page.
 */
export function GuardError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === FORBIDDEN) return <ForbiddenPage />;
  throw error;
}
