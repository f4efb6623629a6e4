import { describe, expect, it } from 'vitest';
import { holdControls } from './held-controls';

describe('holdControls', () => {
  it('makes every field, select and button inert, and nothing else', () => {
    const html =
      '<form><label for="n">Name</label><input id="n" value=""/><textarea name="t"></textarea>' +
      '<select><option>One</option></select><button type="submit">Go</button>' +
      '<a href="/jobs">Jobs</a><div role="button" tabindex="0">Card</div></form>';
    expect(holdControls(html)).toBe(
      '<form><label for="n">Name</label><input inert id="n" value=""/><textarea inert name="t"></textarea>' +
        '<select inert><option>One</option></select><button inert type="submit">Go</button>' +
        '<a href="/jobs">Jobs</a><div role="button" tabindex="0">Card</div></form>',
    );
  });

  it('leaves text that names a control alone, as React escapes it', () => {
    const html = '<p>Type &lt;input&gt; here</p><p title="&lt;button&gt;">x</p><buttons></buttons>';
    expect(holdControls(html)).toBe(html);
  });
});
