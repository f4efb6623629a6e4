// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canRemove, startedByText } from './history-starter';

const ada = { id: 'u-ada', name: 'Ada', token: null };
const bot = { id: 'u-bot', name: 'Bot', token: 'nightly render' };

describe('canRemove', () => {
  it('lets a signed-in person remove their own entries and those nobody started', () => {
    expect(canRemove(ada, 'u-ada')).toBe(true);
    expect(canRemove(bot, 'u-ada')).toBe(false);
    expect(canRemove(null, 'u-ada')).toBe(true);
    expect(canRemove(undefined, 'u-ada')).toBe(true);
  });

  it('lets anyone remove anything when nobody signs in (open or direct mode)', () => {
    expect(canRemove(bot, null)).toBe(true);
  });

  it('offers only what nobody started until the viewer is known', () => {
    expect(canRemove(ada, undefined)).toBe(false);
    expect(canRemove(null, undefined)).toBe(true);
  });
});

describe('startedByText', () => {
  it('says who, and the token when a script started it', () => {
    expect(startedByText(ada)).toBe('by Ada');
    expect(startedByText(bot)).toBe('by Bot via token nightly render');
  });
});
