import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The API and its files: everything else this server answers is the web app. */
const API = /^\/api(?:[/?#]|$)/;

/**
 * The build's hashed scripts and styles: a document's policy means nothing on them (the one worker,
 * pdf.js's for the guidelines PDF block, is our own file, let in by script-src 'self'), and on 40-odd
 * files of the sign-in page it was 28 kB of headers.
 */
const BUILD_FILES = /^\/assets\//;

/**
 * Pages whose address carries a secret (reset and verify tokens, share links, upload request
 * links), which no referrer may carry on.
 */
const TOKEN_PAGES = /^\/(?:password\/reset|email\/verify)(?:[/?#]|$)|^\/collections\/shared\/|^\/upload\//;

/** Powerful features the app never asks for; fullscreen stays for the video player's own button. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The policy of the web app's pages: only our own bundled scripts ever run. */
function contentSecurityPolicy(https: boolean, imageOrigins: readonly string[]) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      // Mantine injects <style> elements and React renders style attributes (viewer zoom), neither of which can carry a nonce from a static index.html.
      'style-src': ["'self'", "'unsafe-inline'"],
      // The brand image and logo croppers preview the chosen file through a blob: URL; profile
      // photos of the external provider come from the configured host (PROFILE_PHOTO_HOST).
      'img-src': ["'self'", 'blob:', ...imageOrigins],
      'font-src': ["'self'"],
      'media-src': ["'self'"],
      'connect-src': ["'self'"],
      // Nothing is framed: the viewer opens PDFs in a tab of their own.
      'frame-src': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      // Only behind https: on a plain-http install it would send every request to a port that does not answer.
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/** Headers on every answer, API and files included. */
function everyAnswer(https: boolean): FastifyHelmetOptions {
  return {
    global: true,
    // Pages get theirs below; files set their own sandboxing policy (files.service).
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    // Left off so signed media links still show where people paste them (webmail, intranets).
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xFrameOptions: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only when the public address is https: a plain-http install must never make browsers insist on https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  };
}

/** Headers added on the web app's answers (its HTML, and the scripts and styles that come with it). */
function pageAnswer(https: boolean, tokenPage: boolean, imageOrigins: readonly string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(https, imageOrigins),
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    originAgentCluster: true,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: tokenPage ? 'no-referrer' : 'strict-origin-when-cross-origin' },
  };
}

/** Security headers through @fastify/helmet, set when a request arrives so hijacked replies (tus) keep them too. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  appUrl: string,
  imageOrigins: readonly string[] = [],
) {
  const https = appUrl.startsWith('https://');
  await app.register(fastifyHelmet, everyAnswer(https));
  const page = pageAnswer(https, false, imageOrigins);
  const tokenPage = pageAnswer(https, true, imageOrigins);
  app.addHook('onRequest', async (req, reply) => {
    if (API.test(req.url) || BUILD_FILES.test(req.url)) return;
    reply.helmet(TOKEN_PAGES.test(req.url) ? tokenPage : page);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  // A missing build file is answered with index.html (the app's fallback): that page keeps its policy.
  app.addHook('onSend', async (req, reply, payload) => {
    if (BUILD_FILES.test(req.url) && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.helmet(page);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    }
    return payload;
  });
}
