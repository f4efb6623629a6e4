import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStatic } from './in-process';
import { elementCount, heaviestPage, scriptlessSite, withoutScripts } from './scriptless-page';

const shell = (body: string) =>
  `<!doctype html><html lang="en"><head><script>document.documentElement.classList.toggle('dark', false);</script>` +
  `<link rel="stylesheet" href="/assets/app.css"></head><body><div id="root">${body}</div>` +
  `<script>\n  const start = () => { const s = document.createElement('script'); s.src = '/assets/app.js'; document.body.append(s); };\n  start();\n</script>` +
  `<script type="module" src="/assets/extra.js"></script></body></html>`;

const small = shell('<main><h1>Home</h1></main>');
const large = shell(
  '<main><h1>Speech</h1><form><label>Text<textarea></textarea></label><button>Go</button></form></main>',
);

describe("a page's HTML without its scripts", () => {
  it('takes out inline and external scripts and leaves every other element as it was', () => {
    const html = withoutScripts(large);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css">');
    expect(html).toContain(
      '<form><label>Text<textarea></textarea></label><button>Go</button></form>',
    );
    expect(elementCount(html)).toBe(elementCount(large) - 3);
  });

  it('takes out exactly the script elements, a closing tag with a space in it too', () => {
    expect(
      withoutScripts('<p>a</p><script>go()</script><p>b</p><script src="/x.js"></script >'),
    ).toBe('<p>a</p><p>b</p>');
  });

  it('counts the elements opened, not the doctype, comments or closing tags', () => {
    expect(elementCount('<!doctype html><!-- shell --><p>a</p><br/><my-card></my-card>')).toBe(3);
    expect(elementCount('<!doctype html><br><img src="/icon.png">')).toBe(2);
    expect(elementCount('only text')).toBe(0);
  });

  it('chooses the page that opens the most elements', () => {
    const drawn = new Map([
      ['/', small],
      ['/speech', large],
      ['/files', shell('<p>Files</p>')],
    ]);
    expect(heaviestPage(drawn)).toBe('/speech');
    expect(() => heaviestPage(new Map())).toThrow(/no page/);
  });

  it('keeps the first page listed when two open as many elements', () => {
    const drawn = new Map([
      ['/files', shell('<p>Files</p>')],
      ['/usage', shell('<p>Usage</p>')],
    ]);
    expect(heaviestPage(drawn)).toBe('/files');
  });
});

describe('the scriptless copy of a build', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the heaviest page with no script, compressed as sent, and leaves the build alone', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'scriptless-'));
    const app = path.join(dir, 'app');
    mkdirSync(path.join(app, 'pages'), { recursive: true });
    mkdirSync(path.join(app, 'assets'), { recursive: true });
    writeFileSync(path.join(app, 'assets/app.css'), 'main { color: black }');
    writeFileSync(path.join(app, 'index.html'), small);
    writeFileSync(path.join(app, 'pages/home.html'), small);
    // Longer than the precompression threshold, as the built pages are.
    const built = large.replace('<h1>Speech</h1>', `<h1>Speech</h1>${'<p>words</p>'.repeat(100)}`);
    writeFileSync(path.join(app, 'pages/speech.html'), built);
    writeFileSync(
      path.join(app, 'pages/pages.json'),
      JSON.stringify({
        '/': { file: 'pages/home.html', href: '/' },
        '/speech': { file: 'pages/speech.html', href: '/speech' },
      }),
    );

    const out = path.join(dir, 'scriptless');
    const page = await scriptlessSite(
      app,
      out,
      new Map([
        ['/', small],
        ['/speech', built],
      ]),
    );
    expect(page).toBe('/speech');
    expect(readFileSync(path.join(app, 'pages/speech.html'), 'utf8')).toBe(built);

    const site = await serveStatic(out);
    try {
      const response = await fetch(`${site.url}/speech`, { headers: { 'Accept-Encoding': 'br' } });
      expect(response.headers.get('content-encoding')).toBe('br');
      // fetch decodes the body it was sent.
      const sent = await response.text();
      expect(sent).toBe(withoutScripts(built));
      const home = await (await fetch(`${site.url}/`)).text();
      expect(home).toBe(small);
    } finally {
      await site.close();
    }
  });

  it('refuses a page the build did not prerender, naming it', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'scriptless-'));
    const app = path.join(dir, 'app');
    mkdirSync(path.join(app, 'pages'), { recursive: true });
    writeFileSync(path.join(app, 'pages/pages.json'), JSON.stringify({}));
    await expect(
      scriptlessSite(app, path.join(dir, 'scriptless'), new Map([['/lost', large]])),
    ).rejects.toThrow('/lost is not a prerendered page of the build');
  });
});
