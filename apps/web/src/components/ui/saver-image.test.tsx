import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar.tsx';
import { DataSaverSwitch } from './data-saver-switch.tsx';
import { SaverImage } from './saver-image.tsx';

// Each test file gets fresh modules (src/test/setup.ts): the data saver reads <html data-saver>
// once, at its first use, as the app does after the server wrote it.

describe('the data saver (issue 21)', () => {
  it('shows a photo as a placeholder until tapped, then its small variant; avatars show initials', async () => {
    document.documentElement.dataset.saver = 'on';
    render(
      <>
        <SaverImage
          src="/photo-large.webp"
          smallSrc="/photo-small.webp"
          alt="Braids"
          label="Knotless braids"
        />
        <Avatar src="/face.webp" name="Ama Owusu" />
      </>,
    );
    expect(screen.queryByRole('img', { name: 'Braids' })).toBeNull();
    expect(screen.getByText('AO')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tap to show photo: Knotless braids' }));
    expect(screen.getByRole('img', { name: 'Braids' })).toHaveAttribute('src', '/photo-small.webp');
  });

  it('turns off at once from its switch, remembered on the device', async () => {
    document.documentElement.dataset.saver = 'on';
    render(
      <>
        <DataSaverSwitch />
        <SaverImage src="/photo-large.webp" alt="Braids" link={{ href: '/photo-large.webp' }} />
      </>,
    );
    const toggle = screen.getByRole('switch', { name: /Data saver/ });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(screen.getByRole('img', { name: 'Braids' })).toHaveAttribute('src', '/photo-large.webp');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/photo-large.webp');
    expect(document.cookie).toContain('adwuma_saver=off');
    expect(document.documentElement.dataset.saver).toBeUndefined();
  });
});
