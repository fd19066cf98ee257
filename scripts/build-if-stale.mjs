// Builds the web app and the server when missing or stale: the browser journeys run both built.
import { buildServerIfStale, buildWebIfStale } from './lib.mjs';

process.exit((await buildWebIfStale()) || (await buildServerIfStale()));
