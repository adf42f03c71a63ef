/**
 * Kente-inspired woven pattern, drawn as an SVG pattern (no images: the CSP allows only this origin,
 * and an inline shape costs a few hundred bytes). Decorative only.
 */
export function KentePattern({
  id,
  scale = 1,
  className = '',
}: {
  id: string;
  /** Size of the weave: 1 draws a 64 px tile; 0.25 fits the whole tile in a 16 px ribbon. */
  scale?: number;
  className?: string;
}) {
  return (
    <svg aria-hidden="true" focusable="false" className={className} preserveAspectRatio="none">
      <defs>
        <pattern
          id={id}
          width="64"
          height="64"
          patternUnits="userSpaceOnUse"
          patternTransform={scale === 1 ? undefined : `scale(${scale})`}
        >
          <rect width="64" height="64" fill="#f5b301" />
          {/* warp: green and black bands */}
          <rect width="64" height="12" fill="#15803d" />
          <rect y="12" width="64" height="3" fill="#1c1917" />
          <rect y="49" width="64" height="3" fill="#1c1917" />
          <rect y="52" width="64" height="12" fill="#15803d" />
          {/* weft blocks: red and black checks between the bands */}
          <rect x="0" y="15" width="16" height="34" fill="#b91c1c" />
          <rect x="32" y="15" width="16" height="34" fill="#1c1917" />
          <rect x="4" y="22" width="8" height="3" fill="#f5b301" />
          <rect x="4" y="30.5" width="8" height="3" fill="#f5b301" />
          <rect x="4" y="39" width="8" height="3" fill="#f5b301" />
          <rect x="36" y="22" width="8" height="3" fill="#f5b301" />
          <rect x="36" y="30.5" width="8" height="3" fill="#f5b301" />
          <rect x="36" y="39" width="8" height="3" fill="#f5b301" />
          <rect x="16" y="30" width="16" height="4" fill="#1c1917" />
          <rect x="48" y="30" width="16" height="4" fill="#b91c1c" />
          {/* fine threads in the green bands */}
          <rect x="6" y="4" width="20" height="2" fill="#f5b301" />
          <rect x="38" y="4" width="20" height="2" fill="#f5b301" />
          <rect x="6" y="58" width="20" height="2" fill="#f5b301" />
          <rect x="38" y="58" width="20" height="2" fill="#f5b301" />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${id})`} />
    </svg>
  );
}

/** A thin red, gold and green band (the colours of the Ghana flag). */
export function FlagBand({ className = '' }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`flex h-1.5 w-full ${className}`}>
      <span className="flex-1 bg-red-700" />
      <span className="flex-1 bg-amber-400" />
      <span className="flex-1 bg-leaf-600" />
    </div>
  );
}
