import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { RouteError } from './route-error';

function renderWithFailingPage(page: { broken: boolean }) {
  const root = createRootRoute({
    component: () => (
      <>
        <nav aria-label="Main">
          <Link to="/settings">Other page</Link>
        </nav>
        <Outlet />
      </>
    ),
  });
  const broken = createRoute({
    getParentRoute: () => root,
    path: '/broken',
    component: function Broken() {
      if (page.broken) {
        throw new ApiError({
          code: 'invalid_response',
          message: 'Unexpected response from GET /v1/voice/list.',
          status: 200,
          traceId: 'tr-7',
        });
      }
      return <h1>Recovered page</h1>;
    },
  });
  const ok = createRoute({
    getParentRoute: () => root,
    path: '/settings',
    component: () => <h1>Other page content</h1>,
  });
  const router = createRouter({
    routeTree: root.addChildren([broken, ok]),
    history: createMemoryHistory({ initialEntries: ['/broken'] }),
    defaultErrorComponent: RouteError,
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('RouteError', () => {
  // React reports every caught render error on the console; these are the ones the tests cause.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps the failure inside the page: navigation stays, details show, Retry renders the page again', async () => {
    const page = { broken: true };
    renderWithFailingPage(page);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be shown');
    expect(alert).toHaveTextContent('invalid_response');
    expect(alert).toHaveTextContent('tr-7');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    page.broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Recovered page' })).toBeInTheDocument();
  });

  it('lets the user leave a broken page through the navigation', async () => {
    renderWithFailingPage({ broken: true });
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByRole('heading', { name: 'Other page content' })).toBeInTheDocument();
  });
});
