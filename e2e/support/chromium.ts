/**
 * Debian's Chromium with the flags these machines need (no sandbox, no GPU, nothing fetched in
 * the background): the browser tests and bench/scroll launch it the same way.
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
