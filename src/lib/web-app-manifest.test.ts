import { afterEach, describe, expect, it } from 'vitest';
import { linkManifest, MANIFEST_HREF } from './web-app-manifest';

const manifestLinks = () => [...document.head.querySelectorAll('link[rel="manifest"]')];

afterEach(() => {
  document.head.innerHTML = '';
});

describe('linkManifest', () => {
  it('names the app manifest in the head, so the browser can offer to install the dashboard', () => {
    linkManifest();
    expect(manifestLinks()).toHaveLength(1);
    expect(manifestLinks()[0]!.getAttribute('href')).toBe(MANIFEST_HREF);
  });

  it('links it once, however often it is called', () => {
    linkManifest();
    linkManifest();
    expect(manifestLinks()).toHaveLength(1);
  });
});
