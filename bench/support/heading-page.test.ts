import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { headingPage, headingSite } from './heading-page';
import { serveStatic } from './in-process';
import { elementCount } from './scriptless-page';

describe('the heading page', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is one heading in a page with a language, viewport, title and description, and nothing to fetch', () => {
    expect(headingPage).not.toMatch(/<script|<style|<img/i);
    // Its one link is an icon in the page itself, so the browser asks for no /favicon.ico.
    expect(headingPage.match(/<link[^>]*>/g)).toEqual(['<link rel="icon" href="data:,">']);
    expect(headingPage.match(/<h1>/g)).toHaveLength(1);
    expect(headingPage).toContain('<html lang="en">');
    expect(headingPage).toMatch(/<meta name="viewport" content="width=device-width/);
    expect(headingPage).toMatch(/<meta name="description" content="[^"]+">/);
    expect(headingPage).toMatch(/<title>[^<]+<\/title>/);
    // html, head, the 3 meta elements, the icon, title, body, h1.
    expect(elementCount(headingPage)).toBe(9);
  });

  it('is served as its site’s index by the gateway’s static routes', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'heading-page-'));
    headingSite(path.join(dir, 'site'));
    const site = await serveStatic(path.join(dir, 'site'));
    try {
      const response = await fetch(`${site.url}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toBe(headingPage);
    } finally {
      await site.close();
    }
  });
});
