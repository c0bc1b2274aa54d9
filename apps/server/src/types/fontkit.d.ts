// The part of fontkit (which ships no types) that the PDF fonts (src/pdf/fonts.ts) use: which characters a face has.
declare module 'fontkit' {
  export type Font = {
    readonly postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
  };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
