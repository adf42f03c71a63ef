// Issue 21: "Share on WhatsApp" (src/components/ui/whatsapp-share.tsx), used on profiles and jobs.
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WhatsAppShare } from '../../components/ui/whatsapp-share.tsx';

describe('WhatsAppShare', () => {
  it('opens WhatsApp with the text and the absolute address of the page, in a new tab', () => {
    render(
      <WhatsAppShare
        text="Ama Owusu – Hair braiding | Adwuma"
        path="/providers/ama-k3x9q2"
        label="Share on WhatsApp"
      />,
    );
    const link = screen.getByRole('link', { name: 'Share on WhatsApp' });
    const href = link.getAttribute('href') as string;
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe(
      `Ama Owusu – Hair braiding | Adwuma\n${window.location.origin}/providers/ama-k3x9q2`,
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders the same on the server as in the first client render: the path, no origin', () => {
    const html = renderToString(
      <WhatsAppShare text="Job: fix a leak" path="/jobs/j-1" label="Kyɛ wɔ WhatsApp so" />,
    );
    expect(html).toContain('href="https://wa.me/?text=Job%3A%20fix%20a%20leak%0A%2Fjobs%2Fj-1"');
    expect(html).toContain('Kyɛ wɔ WhatsApp so');
  });
});
