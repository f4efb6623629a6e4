import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { ErrorView } from './error-view';

describe('ErrorView', () => {
  it('shows the code, message, status and trace id of an API error, and retries', async () => {
    const onRetry = vi.fn();
    render(
      <ErrorView
        error={
          new ApiError({
            code: 'rate_limit_exceeded',
            message: 'Wait before sending another request.',
            status: 429,
            traceId: 'tr-42',
          })
        }
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Wait before sending another request.');
    expect(alert).toHaveTextContent('rate_limit_exceeded');
    expect(alert).toHaveTextContent('429');
    expect(alert).toHaveTextContent('tr-42');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('renders markup in a message as text, never as HTML', () => {
    render(<ErrorView error={new Error('<img src=x onerror=alert(1)>')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(screen.getByRole('alert').querySelector('img')).toBeNull();
  });

  it('names a field in the service’s message by the label of the form it answers', () => {
    const error = new ApiError({
      code: 'invalid_request',
      message: 'voice_id: no voice named "x"',
      status: 400,
      traceId: null,
    });
    render(<ErrorView error={error} labels={{ voice_id: 'Voice' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Voice: no voice named "x"');
    expect(screen.getByRole('alert')).not.toHaveTextContent('voice_id');
  });
});
