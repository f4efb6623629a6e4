import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { signInRequiredCode } from '../api/contract/access';
import { createQueryClient } from '../api/query-client';
import { saveConnection } from './connection-settings';
import { markSigningOut, signInRedirect, signInUrlFor } from './sign-in-redirect';

const here = { pathname: '/jobs', search: '?status=running&q=a b', hash: '#top' };
const gateway = { mode: 'gateway' } as const;
const direct = { mode: 'direct', baseUrl: 'https://api.example.com', apiKey: 'sk' } as const;
const error = (status: number | null, code: string) =>
  new ApiError({ status, code, message: 'refused' });

describe('signInUrlFor', () => {
  it('sends a gateway 401 sign_in_required to the sign-in page, back to this very page after', () => {
    const url = signInUrlFor(error(401, signInRequiredCode), gateway, here);
    expect(url).toBe('/auth/sign-in?next=%2Fjobs%3Fstatus%3Drunning%26q%3Da%20b%23top');
    expect(new URL(url!, 'http://x').searchParams.get('next')).toBe(
      '/jobs?status=running&q=a b#top',
    );
  });

  it('never leaves in direct mode: a 401 there is the service refusing the API key', () => {
    expect(signInUrlFor(error(401, signInRequiredCode), direct, here)).toBeNull();
    expect(signInUrlFor(error(401, 'unauthorized'), direct, here)).toBeNull();
  });

  it('stays for every other failure', () => {
    expect(signInUrlFor(error(401, 'unauthorized'), gateway, here)).toBeNull();
    expect(signInUrlFor(error(403, signInRequiredCode), gateway, here)).toBeNull();
    expect(signInUrlFor(error(null, 'network_error'), gateway, here)).toBeNull();
    expect(signInUrlFor(new Error('boom'), gateway, here)).toBeNull();
    expect(signInUrlFor(undefined, gateway, here)).toBeNull();
  });
});

describe('signInRedirect, as the query client’s error handler', () => {
  const signedOut = () => error(401, signInRequiredCode);

  it('leaves once for a failed query or mutation in gateway mode', async () => {
    const go = vi.fn();
    const client = createQueryClient({ onError: signInRedirect(go) });
    window.history.replaceState(null, '', '/settings?tab=a');
    await expect(
      client.fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(signedOut()) }),
    ).rejects.toThrow();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(signedOut()),
    });
    await expect(mutation.execute(undefined)).rejects.toThrow();
    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith('/auth/sign-in?next=%2Fsettings%3Ftab%3Da');
  });

  it('stays while this page signs out, and leaves again once that has had its time', async () => {
    vi.useFakeTimers();
    try {
      const go = vi.fn();
      const client = createQueryClient({ onError: signInRedirect(go) });
      markSigningOut(1_000);
      await expect(
        client.fetchQuery({ queryKey: ['inbox'], queryFn: () => Promise.reject(signedOut()) }),
      ).rejects.toThrow();
      expect(go).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1_000);
      await expect(
        client.fetchQuery({ queryKey: ['inbox', 2], queryFn: () => Promise.reject(signedOut()) }),
      ).rejects.toThrow();
      expect(go).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays in direct mode, and for any other failure', async () => {
    const go = vi.fn();
    const client = createQueryClient({ onError: signInRedirect(go) });
    await expect(
      client.fetchQuery({ queryKey: ['other'], queryFn: () => Promise.reject(error(500, 'x')) }),
    ).rejects.toThrow();
    saveConnection(direct);
    await expect(
      client.fetchQuery({ queryKey: ['voices'], queryFn: () => Promise.reject(signedOut()) }),
    ).rejects.toThrow();
    expect(go).not.toHaveBeenCalled();
  });
});
