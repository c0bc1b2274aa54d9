import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows: every stream inflated (pdf-lib compresses content streams), then the strings of its text
 * operators (hex strings, as pdf-lib writes the standard fonts' WinAnsi text) decoded.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const contents: string[] = [];
  const streams = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw)) !== null) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end === -1) break;
    const bytes = Buffer.from(raw.slice(start, end), 'latin1');
    try {
      contents.push(inflateSync(bytes).toString('latin1'));
    } catch {
      contents.push(bytes.toString('latin1'));
    }
    streams.lastIndex = end;
  }
  const texts: string[] = [];
  for (const content of contents) {
    for (const hex of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
      texts.push(Buffer.from(hex[1]!.replace(/\s/g, ''), 'hex').toString('latin1'));
    }
    for (const literal of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) texts.push(literal[1]!);
  }
  return texts.join('\n');
}
