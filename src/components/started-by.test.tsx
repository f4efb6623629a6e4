import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StartedBy } from './started-by';

describe('StartedBy', () => {
  it('says who started the entry, and the token as text, never as markup', () => {
    const { container, rerender } = render(
      <StartedBy starter={{ id: 'u-ada', name: 'Ada Lovelace', token: null }} />,
    );
    expect(screen.getByText('by Ada Lovelace')).toBeInTheDocument();
    rerender(<StartedBy starter={{ id: 'u-bot', name: '<b>Bot</b>', token: 'nightly' }} inline />);
    expect(screen.getByText('by <b>Bot</b> via token nightly')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    rerender(<StartedBy starter={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
