import { useEffect, useState } from "react";
import { cn } from "@/lib/utils";

/** A QR code of `value` drawn by the "qrcode" package (loaded on first use). */
export function QrCode({
  value,
  label,
  size = 192,
  className,
}: {
  value: string;
  /** Alternative text: what the code contains. */
  label: string;
  size?: number;
  className?: string;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then((qr) => qr.toDataURL(value, { margin: 1, width: size * 2, errorCorrectionLevel: "M" }))
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [value, size]);
  return (
    <div
      className={cn("rounded-lg border bg-white p-2", className)}
      style={{ width: size + 18, height: size + 18 }}
    >
      {src ? (
        <img src={src} alt={label} width={size} height={size} className="block" />
      ) : (
        <div role="img" aria-label={label} className="size-full animate-pulse rounded bg-muted" />
      )}
    </div>
  );
}
