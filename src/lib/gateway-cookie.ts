/** The longest a browser keeps a cookie (400 days, RFC 6265bis). */
const keptSeconds = 400 * 24 * 60 * 60;

/**
 * Writes a cookie that tells the gateway something of this browser for the pages it sends next
 * (the mode, the theme), for the whole site and as long as a browser keeps one; null clears it.
 */
export function setGatewayCookie(
  name: string,
  value: string | null,
  sameSite: 'Strict' | 'Lax',
): void {
  document.cookie =
    value === null
      ? `${name}=; Path=/; SameSite=${sameSite}; Max-Age=0`
      : `${name}=${value}; Path=/; SameSite=${sameSite}; Max-Age=${keptSeconds}`;
}
