import { useState } from "react";
import { cn } from "../../lib/cn";

export interface AvatarProps {
  name?: string | null;
  email?: string | null;
  src?: string | null;
  /** Diameter in px (default 32). */
  size?: number;
  className?: string;
}

/** Image, or the first letter of the name (else e-mail) when there is no image or it fails to load. */
export function Avatar({ name, email, src, size = 32, className }: AvatarProps) {
  // Remember which src failed, so a new src gets a fresh try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = name?.trim() || email?.trim() || "";
  const letter = (label[0] ?? "?").toUpperCase();
  const showImage = !!src && failedSrc !== src;
  return (
    <span
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-accent-soft font-semibold text-blue-700",
        className,
      )}
      style={{ width: size, height: size, fontSize: Math.max(12, Math.round(size * 0.42)) }}
      role="img"
      aria-label={label || "User"}
    >
      {showImage ? (
        <img
          src={src}
          alt=""
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span aria-hidden>{letter}</span>
      )}
    </span>
  );
}
