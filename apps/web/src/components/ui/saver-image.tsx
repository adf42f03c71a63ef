import { ImageIcon } from 'lucide-react';
import { type ImgHTMLAttributes, useState } from 'react';
import { useDataSaver } from '../../lib/data-saver.ts';
import { useSaverText } from '../../lib/data-saver-text.ts';

type SaverImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string;
  /** The small variant (a thumbnail), loaded instead of `src` with the data saver on. */
  smallSrc?: string | null;
  /** Names the photo on its placeholder ("Tap to show photo: Knotless braids"). */
  label?: string;
  /** The photo opens this (the large photo) in a new tab once shown; the placeholder is its own button. */
  link?: { href: string; className?: string };
};

/**
 * A photo that costs nothing until asked for when the data saver is on (issue 21): a placeholder
 * of the photo's size says "Tap to show photo"; a tap loads its small variant. Without the data
 * saver it is a plain lazy image.
 */
export function SaverImage({ src, smallSrc, label, link, className, alt = '', ...rest }: SaverImageProps) {
  const saver = useDataSaver();
  const { t } = useSaverText();
  const [revealed, setRevealed] = useState(false);
  if (saver && !revealed) {
    return (
      <button
        type="button"
        onClick={() => setRevealed(true)}
        className={`flex flex-col items-center justify-center gap-1 border border-dashed border-stone-300 bg-stone-100 p-2 text-center text-xs font-medium text-stone-600 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-300 ${className ?? ''}`}
      >
        <ImageIcon className="h-5 w-5" aria-hidden="true" />
        <span>{label ? t('showPhotoOf', { name: label }) : t('showPhoto')}</span>
      </button>
    );
  }
  const image = (
    <img
      src={saver ? (smallSrc ?? src) : src}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
      {...rest}
    />
  );
  if (!link) return image;
  return (
    <a href={link.href} target="_blank" rel="noreferrer" className={link.className}>
      {image}
    </a>
  );
}
