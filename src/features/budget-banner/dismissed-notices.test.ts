import { beforeEach, describe, expect, it } from 'vitest';
import { dismissNotice, readDismissed } from './dismissed-notices';

const storageKey = 'media-studio.budget-notices-dismissed';

describe('dismissed budget notices', () => {
  beforeEach(() => localStorage.clear());

  it('remembers a dismissed notice across page loads', () => {
    expect(readDismissed()).toEqual(new Set());
    dismissNotice('team:80:2026-12');
    dismissNotice('person/u-alice:100:2026-12');
    expect(readDismissed()).toEqual(new Set(['team:80:2026-12', 'person/u-alice:100:2026-12']));
  });

  it('forgets other months’ notices as a new one is dismissed', () => {
    dismissNotice('team:80:2026-11');
    dismissNotice('team:100:2026-11');
    expect(dismissNotice('team:80:2026-12')).toEqual(new Set(['team:80:2026-12']));
    expect(JSON.parse(localStorage.getItem(storageKey)!)).toEqual(['team:80:2026-12']);
  });

  it('takes a stored value it does not understand for nothing dismissed', () => {
    localStorage.setItem(storageKey, '{not json');
    expect(readDismissed()).toEqual(new Set());
    localStorage.setItem(storageKey, JSON.stringify({ team: true }));
    expect(readDismissed()).toEqual(new Set());
    localStorage.setItem(storageKey, JSON.stringify(['team:80:2026-12', 3]));
    expect(readDismissed()).toEqual(new Set(['team:80:2026-12']));
  });
});
