export interface AvatarProps {
  username: string;
  size?: 'sm' | 'lg';
}

// A stable hue per username so the same person always gets the same colour.
function hueFor(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return hash;
}

/** A coloured circle with the user's initial (decorative: the name is always shown beside it). */
export function Avatar({ username, size = 'sm' }: AvatarProps) {
  return (
    <span
      className={`avatar avatar--${size}`}
      style={{ backgroundColor: `hsl(${hueFor(username)} 55% 42%)` }}
      aria-hidden="true"
    >
      {username.charAt(0).toUpperCase()}
    </span>
  );
}
