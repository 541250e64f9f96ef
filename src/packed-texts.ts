// Many short texts handed from one thread to another as one buffer of UTF-8 and where each ends.
// Posted as a list of strings, the 20,000 texts of the dates written ahead (2,000 notices) were as
// many objects on the writing thread's heap until posted, copied by each of the collections of its
// small young generation meanwhile (write/thread.ts: 33 of them and 70-100 ms of the thread's time
// where 24 and 40-55 ms now), and cloned one by one on the way. A buffer's bytes live outside V8's
// heap, and it is transferred, not copied.

/** Texts packed: `bytes` UTF-8 of one after the other; `ends` where each ends in their decoded text, in UTF-16 code units. */
export interface PackedTexts {
  bytes: Uint8Array;
  ends: Uint32Array;
}

/** Packs texts one at a time, into room for `count` of them, made larger when more come. */
export class TextPacker {
  private bytes: Uint8Array;
  private ends: Uint32Array;
  private used = 0;
  private chars = 0;
  private count = 0;
  private readonly encoder = new TextEncoder();

  constructor(count: number) {
    // 32 bytes a text: a date's text in a language of Latin letters, or its ISO 8601, and the room doubles if not.
    this.bytes = new Uint8Array(32 * count + 64);
    this.ends = new Uint32Array(count);
  }

  add(text: string): void {
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    if (this.bytes.length - this.used < 3 * text.length) {
      const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.used + 3 * text.length));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(2 * this.ends.length + 16);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.used += this.encoder.encodeInto(text, this.bytes.subarray(this.used)).written;
    this.ends[this.count++] = this.chars += text.length;
  }

  packed(): PackedTexts {
    return { bytes: this.bytes.subarray(0, this.used), ends: this.ends.subarray(0, this.count) };
  }
}

/** The buffers to transfer with `packed`, not copy. */
export const buffersOf = (packed: PackedTexts): ArrayBuffer[] => [packed.bytes.buffer as ArrayBuffer, packed.ends.buffer as ArrayBuffer];

/**
 * The texts of `packed` by place: undefined past the last, and for an end that is not one (before
 * the one before it, or past the text), so a list handed wrong gives no text rather than a wrong one.
 */
export function unpacked(packed: PackedTexts): (i: number) => string | undefined {
  // A byte order mark at the start is a text's first character here, not a mark to drop: dropped, every end after it would be one off.
  const all = new TextDecoder('utf-8', { ignoreBOM: true }).decode(packed.bytes);
  const { ends } = packed;
  return (i) => {
    if (!(i >= 0 && i < ends.length)) return undefined;
    const start = i === 0 ? 0 : ends[i - 1]!;
    const end = ends[i]!;
    return start <= end && end <= all.length ? all.slice(start, end) : undefined;
  };
}
