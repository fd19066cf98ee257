import { LoginBody } from '@brandvault/contract';
import { validateWith } from '../../lib/forms';

// Its own module, so the sign-in form fetches it (with zod) on the first keystroke.
export const checkLogin = (values: unknown) => validateWith(LoginBody, values);
