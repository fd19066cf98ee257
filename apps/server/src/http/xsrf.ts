import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX } from '@brandvault/contract';
import { hmac, randomToken, safeEqual } from '../lib/crypto.js';
import { AppError } from './errors.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const API_KEY_BEARER = new RegExp(`^Bearer\\s+${API_KEY_PREFIX}`);

/**
 * Double-submit cookie, signed with the app key so that a value planted by another site or
 * subdomain is refused. The cookie is readable by the page (not httpOnly) on purpose.
 */
export function issueXsrfCookie(reply: FastifyReply, appKey: string, secure: boolean) {
  const value = randomToken(24);
  reply.setCookie(XSRF_COOKIE, `${value}.${hmac(appKey, value)}`, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure,
    maxAge: 60 * 60 * 12,
  });
}

export function checkXsrf(req: FastifyRequest, appKey: string) {
  if (!UNSAFE.has(req.method)) return;
  // An API key comes in a header no other site can make a browser send, and a bad one is a 401
  // (never a 419) so that scripts are told their key is refused.
  if (API_KEY_BEARER.test(req.headers.authorization ?? '')) return;
  const cookie = req.cookies[XSRF_COOKIE];
  const header = req.headers['x-xsrf-token'];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw new AppError('CSRF_MISMATCH');
  const [value = '', sig = ''] = cookie.split('.');
  if (!value || !safeEqual(sig, hmac(appKey, value))) throw new AppError('CSRF_MISMATCH');
}
