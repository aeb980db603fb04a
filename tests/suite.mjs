// The common frame of the browser test files: one static server for dist/ and one Chromium
// for the whole file, and a fresh browser context for each test.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openApp } from './harness.mjs';

/**
 * Starts the server and the browser before the file's tests and stops them after. Returns
 * `open(t, options)`, which opens the app in a new context with `openApp`'s options, closes the
 * context when test `t` ends, and then fails the test on any error the page threw, except
 * those matching the `expectErrors` pattern; `open.browser()` and `open.url()` give the
 * browser and the app's address.
 */
export function appSuite() {
  let server;
  let browser;
  before(async () => {
    server = await serve();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  async function open(t, options = {}) {
    const app = await openApp(browser, server.url, options);
    t.after(async () => {
      await app.context.close();
      const errors = app.errors.map(String).filter((e) => !options.expectErrors?.test(e));
      assert.deepEqual(errors, [], 'no errors on the page');
    });
    return app.page;
  }
  // For tests that need the browser or the address themselves (a page of another origin
  // holding the app, say).
  open.browser = () => browser;
  open.url = () => server.url;
  return open;
}
