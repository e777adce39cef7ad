import { describe, expect, it } from 'vitest';
import { decodeUtf8, pieces } from './xlsx-reader.ts';

async function* chunksOf(...parts: Buffer[]): AsyncGenerator<Buffer> {
  for (const p of parts) yield p;
}

async function collect(gen: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const s of gen) out.push(s);
  return out;
}

describe('xlsx reader text decoding', () => {
  it('keeps a multi-byte character split across two chunks', async () => {
    const bytes = Buffer.from('<t>Medellín</t>');
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of 'í'
    const text = await collect(decodeUtf8(chunksOf(bytes.subarray(0, cut), bytes.subarray(cut))));
    expect(text.join('')).toBe('<t>Medellín</t>');
  });

  it('hands the text on in pieces of at most the given size', async () => {
    const xml = '<row r="1"><c><v>1</v></c></row>'.repeat(100);
    const text = await collect(decodeUtf8(chunksOf(Buffer.from(xml)), 64));
    expect(text.join('')).toBe(xml);
    expect(Math.max(...text.map((t) => t.length))).toBeLessThanOrEqual(64);
  });

  it('never splits a surrogate pair', () => {
    const text = 'ab🚗cd🚗';
    for (const size of [1, 2, 3, 4]) {
      const parts = [...pieces(text, size)];
      expect(parts.join('')).toBe(text);
      for (const p of parts) {
        const last = p.charCodeAt(p.length - 1);
        expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
      }
    }
  });
});
