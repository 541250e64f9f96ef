// Colour arithmetic for the stylesheet's tests: a stylesheet's custom properties by scheme, #rrggbb
// to CIE L*a*b* (D65), and the CIEDE2000 difference of two colours (Sharma, Wu and Dalal, 2005).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The custom properties of the built-in stylesheet's light `:root` and of its dark one, each
 * `var(--other)` replaced by the other's value in the same scheme.
 */
export function schemes(): Record<'light' | 'dark', Record<string, string>> {
  const css = readFileSync(path.resolve(import.meta.dirname, '../../templates/style.css'), 'utf8');
  const dark = css.indexOf('@media (prefers-color-scheme: dark)');
  const read = (text: string): Record<string, string> =>
    Object.fromEntries([...text.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6}|var\(--[\w-]+\))\s*;/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
  const resolve = (props: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(props).map(([name, value]) => {
      let v = value;
      for (let hops = 0; v.startsWith('var(') && hops < 5; hops++) v = props[v.slice(4, -1)] ?? v;
      return [name, v];
    }));
  const light = read(css.slice(0, dark));
  return { light: resolve(light), dark: resolve({ ...light, ...read(css.slice(dark, css.indexOf('}\n}', dark))) }) };
}

/** CIE L*a*b* of an sRGB #rrggbb colour, D65 white. */
export function lab(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** CIEDE2000 colour difference of two L*a*b* colours (kL = kC = kH = 1). */
export function ciede2000([l1, a1, b1]: readonly number[], [l2, a2, b2]: readonly number[]): number {
  const cBar = (Math.hypot(a1!, b1!) + Math.hypot(a2!, b2!)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cBar ** 7 / (cBar ** 7 + 25 ** 7)));
  const a1p = (1 + g) * a1!;
  const a2p = (1 + g) * a2!;
  const c1 = Math.hypot(a1p, b1!);
  const c2 = Math.hypot(a2p, b2!);
  const hue = (b: number, a: number): number => (b === 0 && a === 0 ? 0 : ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360);
  const h1 = hue(b1!, a1p);
  const h2 = hue(b2!, a2p);
  const dL = l2! - l1!;
  const dC = c2 - c1;
  let dh = 0;
  if (c1 * c2 !== 0) dh = Math.abs(h2 - h1) <= 180 ? h2 - h1 : h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 + 360;
  const dH = 2 * Math.sqrt(c1 * c2) * Math.sin(rad(dh / 2));
  const lBar = (l1! + l2!) / 2;
  const cBarP = (c1 + c2) / 2;
  let hBar = h1 + h2;
  if (c1 * c2 !== 0) hBar = Math.abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  const t = 1 - 0.17 * Math.cos(rad(hBar - 30)) + 0.24 * Math.cos(rad(2 * hBar)) + 0.32 * Math.cos(rad(3 * hBar + 6)) - 0.2 * Math.cos(rad(4 * hBar - 63));
  const dTheta = 30 * Math.exp(-(((hBar - 275) / 25) ** 2));
  const rC = 2 * Math.sqrt(cBarP ** 7 / (cBarP ** 7 + 25 ** 7));
  const sL = 1 + (0.015 * (lBar - 50) ** 2) / Math.sqrt(20 + (lBar - 50) ** 2);
  const sC = 1 + 0.045 * cBarP;
  const sH = 1 + 0.015 * cBarP * t;
  const rT = -Math.sin(rad(2 * dTheta)) * rC;
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}
