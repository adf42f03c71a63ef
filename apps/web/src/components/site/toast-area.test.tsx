import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast.ts';
import { ToastArea } from './toast-area.tsx';

describe('toasts without sonner in the first download', () => {
  it('renders nothing until the first toast, then shows the toasts raised before sonner loaded, in order', async () => {
    const { container } = render(<ToastArea visibleToasts={3} />);
    // The server and the first render alike: no toast area yet.
    expect(container).toBeEmptyDOMElement();

    let id: string | number = '';
    act(() => {
      id = toast.loading('Saving…');
      toast.success('Saved', { id });
      toast.info('Second note');
    });
    // The id is known at once, before sonner is there, so a later call can update that toast.
    expect(id).toMatch(/^toast-/);

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('Second note')).toBeInTheDocument();
    expect(screen.queryByText('Saving…')).toBeNull();

    act(() => {
      toast.error('Failed again');
    });
    expect(await screen.findByText('Failed again')).toBeInTheDocument();
  });
});
