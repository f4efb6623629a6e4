import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessMe } from '../../../api/contract/access';
import { AccessSettings } from './access-settings';

const api = vi.hoisted(() => ({
  accessMe: vi.fn(),
  listAccessTokens: vi.fn(),
  listAccessSessions: vi.fn(),
  createAccessToken: vi.fn(),
  revokeAccessToken: vi.fn(),
  endAccessSession: vi.fn(),
}));
vi.mock('../../../api/api-client', () => ({ apiClient: api }));

function renderAccess(me: AccessMe) {
  api.accessMe.mockResolvedValue(me);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AccessSettings />
    </QueryClientProvider>,
  );
}

const owner = { id: 'u1', name: 'Owner', email: null };

afterEach(() => vi.resetAllMocks());

describe('AccessSettings', () => {
  it('in open mode says sign-in is off and where it is turned on, and asks for nothing else', async () => {
    renderAccess({ mode: 'open', user: null, via: null });
    const region = screen.getByRole('region', { name: 'Access' });
    expect(await within(region).findByText(/Sign-in is off/)).toHaveTextContent(
      /GATEWAY_PASSWORD or OIDC_ISSUER \(see docs\/deploying\.md\)/,
    );
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    expect(api.listAccessTokens).not.toHaveBeenCalled();
    expect(api.listAccessSessions).not.toHaveBeenCalled();
  });

  it('signed in, shows the person, the sessions and the tokens under their own headings', async () => {
    api.listAccessSessions.mockResolvedValue({ data: [] });
    api.listAccessTokens.mockResolvedValue({ data: [] });
    renderAccess({ mode: 'password', user: owner, via: 'session' });
    expect(await screen.findByText(/Signed in as/)).toHaveTextContent('Signed in as Owner');
    expect(screen.getByRole('heading', { level: 3, name: 'Sessions' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Personal access tokens' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();
    expect(screen.getByText(/Authorization: Bearer <token>/)).toBeInTheDocument();
  });

  it('shows a new token once, in a dialog, and lists it', async () => {
    const token = {
      id: 't1',
      name: 'deploy bot',
      created_at: new Date().toISOString(),
      last_used_at: null,
      expires_at: null,
    };
    api.listAccessSessions.mockResolvedValue({ data: [] });
    api.listAccessTokens.mockResolvedValueOnce({ data: [] }).mockResolvedValue({ data: [token] });
    api.createAccessToken.mockResolvedValue({ ...token, token: 'msat_xyz' });
    renderAccess({ mode: 'password', user: owner, via: 'session' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Token name' }), 'deploy bot');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const dialog = await screen.findByRole('dialog', { name: 'Token “deploy bot” created' });
    expect(api.createAccessToken).toHaveBeenCalledWith({ name: 'deploy bot', expires_in_days: 30 });
    expect(within(dialog).getByRole('textbox', { name: 'New token' })).toHaveValue('msat_xyz');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('msat_xyz')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Revoke deploy bot' })).toBeInTheDocument();
  });
});
