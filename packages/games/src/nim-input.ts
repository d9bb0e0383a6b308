const ALLOWED = /[1-3]/;

/**
 * SPEC §5: the Nim move input accepts only 1 to 3; the last typed digit is used and an empty input
 * resets to 1. A typed character that is not 1–3 is ignored: the last 1–3 digit before it (the
 * value already shown) stays.
 */
export function nimMoveFromInput(raw: string): number {
  const chars = [...raw.trim()];
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    const char = chars[i] ?? '';
    if (ALLOWED.test(char)) return Number(char);
  }
  return 1;
}
